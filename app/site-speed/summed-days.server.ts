/**
 * The sums the dashboard's 7 and 30 days read (docs/decisions/049, "Days"): a seller's whole days
 * in the reader's time zone from `speed_summary_day`, the rest of a window (today, and the part of
 * a day a window of the period before may start with) from the hours' summaries. A 30-day view
 * then reads some thirty rows a page and segment, where its hours would be 720.
 *
 * A day is summed from its hours once, the first time a view asks for it after it has closed: when
 * no beacon can still be summed into its hours. Members choose their own zones, so a day is kept
 * per zone asked for; a zone chosen later sums its past days from the hours on its first view.
 * Until a day closes, the view reads its hours, so the sums show the page view just left.
 */
import type { Kysely, Transaction } from "kysely";
import type { DatabaseSchema, SpeedSummaryDayTable } from "~/db/schema";
import { BEACON_RESEND_WINDOW_MS } from "./beacon-rules";
import {
  addFigures,
  everyFigure,
  noFigures,
  readStoredFigures,
  storeFigures,
  type Figures,
  type KeepFigure,
} from "./page-view-figures";
import { wholeDaysWithin } from "./report-periods";
import type { Segment } from "./report-segments";
import { ROWS_PER_STATEMENT } from "./sum-beacons.server";
import { readHourSummaries, summedPerPage, type HourSummary } from "./summed-report.server";

/**
 * How long after its end a day is closed, counted from the oldest beacon still queued if it is
 * older than now. A beacon's page view began at most the resend window (20 minutes) before it
 * arrived, and a resend, which takes the figures of the same page view's earlier beacon out of
 * that one's hour, arrives within 21 minutes of it (sum-beacons.server.ts): no beacon changes an
 * hour that ended more than 41 minutes before it arrived. Twice the window and more leaves room
 * for the network, the commit and the clocks of several servers.
 */
export const DAY_CLOSED_AFTER_MS = 3 * BEACON_RESEND_WINDOW_MS;

/**
 * A day's summaries are kept per segment, and summed over every device class, every connection, and
 * both (this in place of one or both): a view of no segment, the usual, reads one row a page and
 * release, not one per segment. With the busy seller's six segments in `npm run bench:site-speed`, a
 * 30-day view read 18,000 rows of a day's summaries without these sums, and took longer than
 * reading raw beacons (bench/README.md).
 */
const EVERY_SEGMENT = "*";

/**
 * A seller's summaries from `since` to `until` in the segment, each whole closed day of the zone
 * summed as one (its `hourStart` the day's start), the rest per hour: as `readHourSummaries` reads
 * them, summed per page and release, of their figures those `keep` names.
 */
export async function readDaysAndHours(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  since: number,
  until: number,
  segment: Segment,
  timeZone: string,
  now: number,
  keep: KeepFigure = everyFigure,
): Promise<HourSummary[]> {
  const closedBefore = Math.min(now, (await oldestQueuedArrival(db)) ?? now) - DAY_CLOSED_AFTER_MS;
  const days = wholeDaysWithin(since, Math.min(until, closedBefore), timeZone);
  if (days.starts.length === 0) return readHourSummaries(db, sellerId, since, until, segment, keep);
  try {
    await sumMissingDays(db, sellerId, timeZone, days.starts, days.end);
  } catch (error) {
    // The hours hold the same figures: a view whose summing fails (SQLite busy past its wait, say)
    // reads them, slower, rather than failing the dashboard. A day left unsummed is summed later.
    console.warn("Summing site-speed days for a dashboard view failed; it reads the hours:", error);
    return readHourSummaries(db, sellerId, since, until, segment, keep);
  }
  const firstDay = days.starts[0]!;
  return [
    ...(since < firstDay ? await readHourSummaries(db, sellerId, since, firstDay, segment, keep) : []),
    ...(await readDays(db, sellerId, timeZone, days.starts, segment, keep)),
    ...(days.end < until ? await readHourSummaries(db, sellerId, days.end, until, segment, keep) : []),
  ];
}

/**
 * When the oldest beacon waiting to be summed arrived, if any waits: the earliest of every queued
 * beacon's, since ids are not given in order of arrival where beacons are stored straight into the
 * database (a backfill, the tests). The queue is read before the beacons: a summing that commits in
 * between has put its beacons into the hours, which are read after. A view reads the sums only
 * when the queue holds no backlog (`sumJustQueued`), so this is a minute's beacons; past that, every
 * day is left open. The queue's ids, then their beacons by id: two reads by key, not a join (with
 * the queue's statistics taken while a backlog filled it, PostgreSQL's plan for a join read
 * `speed_beacon` from its first row: bench/README.md, "Summing into hours on PostgreSQL").
 */
async function oldestQueuedArrival(db: Kysely<DatabaseSchema>): Promise<number | null> {
  const queued = await db.selectFrom("speed_beacon_unsummed").select("beacon_id").limit(MAX_QUEUE_READ).execute();
  if (queued.length === MAX_QUEUE_READ) return Number.NEGATIVE_INFINITY;
  let oldest: number | null = null;
  for (let index = 0; index < queued.length; index += ROWS_PER_STATEMENT) {
    const { arrived } = await db
      .selectFrom("speed_beacon")
      .select((eb) => eb.fn.min("received_at").as("arrived"))
      .where(
        "id",
        "in",
        queued.slice(index, index + ROWS_PER_STATEMENT).map((row) => row.beacon_id),
      )
      .executeTakeFirstOrThrow();
    if (arrived !== null) oldest = Math.min(oldest ?? Number.POSITIVE_INFINITY, Number(arrived));
  }
  return oldest;
}

/** Queued beacons read to find the oldest: a backlog's twenty batches of 500 (`sumJustQueued`). */
const MAX_QUEUE_READ = 10_000;

/** Sums each of the days that has not been, one transaction a day. */
async function sumMissingDays(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  timeZone: string,
  starts: readonly number[],
  end: number,
): Promise<void> {
  const summed = new Set(
    (
      await db
        .selectFrom("speed_summary_day_built")
        .select("day_start")
        .where("seller_id", "=", sellerId)
        .where("time_zone", "=", timeZone)
        .where("day_start", ">=", starts[0]!)
        .where("day_start", "<", end)
        .execute()
    ).map((row) => Number(row.day_start)),
  );
  for (const [index, start] of starts.entries()) {
    if (summed.has(start)) continue;
    const dayEnd = starts[index + 1] ?? end;
    await db.transaction().execute((trx) => sumDay(trx, sellerId, timeZone, start, dayEnd));
  }
}

/**
 * A day's summaries, from its hours. The day's row in `speed_summary_day_built` is written first:
 * another process summing the same day at once waits for this transaction (on SQLite, for the
 * file's one writer), then finds the row and leaves the day as this one wrote it.
 */
async function sumDay(
  trx: Transaction<DatabaseSchema>,
  sellerId: number,
  timeZone: string,
  start: number,
  end: number,
): Promise<void> {
  const claimed = await trx
    .insertInto("speed_summary_day_built")
    .values({ seller_id: sellerId, time_zone: timeZone, day_start: start })
    .onConflict((conflict) => conflict.columns(["seller_id", "time_zone", "day_start"]).doNothing())
    .returning("day_start")
    .executeTakeFirst();
  if (!claimed) return;
  const hours = await trx
    .selectFrom("speed_summary_hour")
    .select(["hour_start", "page_name", "device", "connection", "release", "figures"])
    .where("seller_id", "=", sellerId)
    .where("hour_start", ">=", start)
    .where("hour_start", "<", end)
    .execute();
  const sums = new Map<string, { key: Omit<SpeedSummaryDayTable, "figures">; figures: Figures }>();
  for (const hour of hours) {
    let figures: Figures;
    try {
      figures = readStoredFigures(hour.figures, Number(hour.hour_start));
    } catch (error) {
      // As a view leaves out an hour that does not read (readHourSummaries), so does its day.
      console.warn(
        `A site-speed summary did not read, and is left out of its day (seller ${sellerId}, hour ${hour.hour_start}, ${hour.page_name}):`,
        error instanceof Error ? error.message : error,
      );
      continue;
    }
    // Its segment's sum, and the sums of every device class, every connection, and both.
    for (const [device, connection] of [
      [hour.device, hour.connection],
      [hour.device, EVERY_SEGMENT],
      [EVERY_SEGMENT, hour.connection],
      [EVERY_SEGMENT, EVERY_SEGMENT],
    ] as const) {
      const key = {
        seller_id: sellerId,
        time_zone: timeZone,
        day_start: start,
        page_name: hour.page_name,
        device,
        connection,
        release: hour.release,
      };
      const name = JSON.stringify([key.page_name, device, connection, key.release]);
      const sum = sums.get(name) ?? { key, figures: noFigures() };
      addFigures(sum.figures, figures);
      sums.set(name, sum);
    }
  }
  const rows = [...sums.values()].map(({ key, figures }) => ({ ...key, figures: storeFigures(figures) }));
  for (let index = 0; index < rows.length; index += ROWS_PER_STATEMENT)
    await trx
      .insertInto("speed_summary_day")
      .values(rows.slice(index, index + ROWS_PER_STATEMENT))
      // Rows of a day whose record was deleted by hand stay as they were summed: a day is summed once.
      .onConflict((conflict) => conflict.doNothing())
      .execute();
}

async function readDays(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  timeZone: string,
  starts: readonly number[],
  segment: Segment,
  keep: KeepFigure,
): Promise<HourSummary[]> {
  const rows = await db
    .selectFrom("speed_summary_day")
    .select(["day_start", "page_name", "release", "figures"])
    .where("seller_id", "=", sellerId)
    .where("time_zone", "=", timeZone)
    .where("day_start", ">=", starts[0]!)
    .where("day_start", "<=", starts.at(-1)!)
    .where("device", "=", segment.device ?? EVERY_SEGMENT)
    .where("connection", "=", segment.connection ?? EVERY_SEGMENT)
    .execute();
  return summedPerPage(
    rows.map(({ day_start, ...row }) => ({ ...row, start: Number(day_start) })),
    `seller ${sellerId}, ${timeZone} day`,
    keep,
  );
}
