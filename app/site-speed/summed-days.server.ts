/**
 * The sums the dashboard's 7 and 30 days read (docs/decisions/049, "Days"): a seller's whole days
 * in the reader's time zone from `speed_summary_day`, the rest of a window (today, and the part of
 * a day a window of the period before may start with) from the hours' summaries. A 30-day view
 * then reads some thirty rows a page and segment, where its hours would be 720.
 *
 * A day is summed from its hours once, after it has closed (when no beacon can still be summed into
 * its hours): the first time a view of the account in the zone asks for it (or the operators'
 * report, for the whole hub in UTC), and from then on by housekeeping as days close
 * (`sumClosedDays`), while a member reads in the zone. Members choose their own zones, so a day is
 * kept per zone. Until a day closes, the view reads its hours, so the sums show the page view just
 * left. A closed day, once summed, does not change: each process keeps the days it has read in its
 * memory (days-in-memory.server.ts), known by their summing (`summing_id`).
 */
import { randomUUID } from "node:crypto";
import type { Insertable, Kysely, Transaction } from "kysely";
import { byStatement } from "~/db/database.server";
import type { DatabaseSchema, SpeedSummaryDayTable } from "~/db/schema";
import { timeZoneOfMember } from "~/time/time-zones";
import { BEACON_RESEND_WINDOW_MS } from "./beacon-rules";
import { keepDay, keptDay, type DayKey } from "./days-in-memory.server";
import {
  addFigures,
  everyFigure,
  noFigures,
  readStoredFigures,
  storeFigures,
  type Figures,
  type KeepFigure,
} from "./page-view-figures";
import { DAY_MS, HOUR_MS, LONGEST_REPORT_PERIOD_MS, wholeDaysWithin } from "./report-periods";
import type { Segment } from "./report-segments";
import { EVERY_SEGMENT } from "./hours-over-segments.server";
import { oldestQueuedArrival } from "./sum-beacons.server";
import { readHourSummaries, summedPerPage, whoseName, type HourSummary, type Whose } from "./summed-report.server";

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
 * The hub's days (every account's page views and signed-out pages', for `npm run speed:report`)
 * are kept under a seller id no account has: ids count up from 1, and signed-out pages' hours are
 * kept under 0 (sum-beacons.server.ts).
 */
const THE_HUB = -1;

const storedAs = (whose: Whose) => (whose === "everyone" ? THE_HUB : whose);

/**
 * An account's summaries (or the hub's) from `since` to `until` in the segment, each whole closed
 * day of the zone summed as one (its `hourStart` the day's start), the rest per hour: as
 * `readHourSummaries` reads them, summed per page and release, of their figures those `keep` names.
 */
export async function readDaysAndHours(
  db: Kysely<DatabaseSchema>,
  whose: Whose,
  since: number,
  until: number,
  segment: Segment,
  timeZone: string,
  now: number,
  keep: KeepFigure = everyFigure,
): Promise<HourSummary[]> {
  const closedBefore = await daysClosedBefore(db, now);
  const days = wholeDaysWithin(since, Math.min(until, closedBefore), timeZone);
  if (days.starts.length === 0) return readHourSummaries(db, whose, since, until, segment, keep);
  try {
    await sumMissingDays(db, whose, timeZone, days.starts, days.end);
  } catch (error) {
    // The hours hold the same figures: a view whose summing fails (SQLite busy past its wait, say)
    // reads them, slower, rather than failing the dashboard. A day left unsummed is summed later.
    console.warn("Summing site-speed days for a dashboard view failed; it reads the hours:", error);
    return readHourSummaries(db, whose, since, until, segment, keep);
  }
  const firstDay = days.starts[0]!;
  return [
    ...(since < firstDay ? await readHourSummaries(db, whose, since, firstDay, segment, keep) : []),
    ...(await readDays(db, whose, timeZone, days.starts, segment, keep)),
    ...(days.end < until ? await readHourSummaries(db, whose, days.end, until, segment, keep) : []),
  ];
}

/**
 * Housekeeping's share, every ten minutes (housekeeping.server.ts): the days that closed since the
 * last one summed, of every account and zone whose days were summed in the last sixty (the 30
 * days' and the 30 before them, which the 30 days are set against) and that a member still reads
 * in; and of the whole hub in UTC once `npm run speed:report` has summed its days. A reader's view
 * after midnight then finds yesterday summed: the busy seller's first 24 hours of a day spent 1.6
 * to 3.1 s summing days (bench/README.md). Only a view sums a zone's past days, the first time it
 * reads them: summing the days of every account with page views, whether anyone looks or not,
 * doubled the benchmark's database (2.3 to 4.5 GB at a million beacons: a small seller's days hold
 * nearly as many rows as its hours). Once read, an account's zone is kept summed while a member
 * reads in it. Returns how many days it summed; stops between days when asked.
 */
export async function sumClosedDays(
  db: Kysely<DatabaseSchema>,
  { now = Date.now(), stopping = () => false }: { now?: number; stopping?: () => boolean } = {},
): Promise<number> {
  const closedBefore = await daysClosedBefore(db, now);
  // Sixty whole days before today: the 30 days' 29 and the 30 before them, and one to spare.
  const from = now - 2 * LONGEST_REPORT_PERIOD_MS - DAY_MS;
  const read = await db
    .selectFrom("speed_summary_day_built")
    .select((eb) => ["seller_id", "time_zone", eb.fn.max("day_start").as("latest")])
    .where("day_start", ">=", from)
    .groupBy(["seller_id", "time_zone"])
    .execute();
  const zonesRead = await zonesOfMembers(db, [...new Set(read.map((row) => row.seller_id))]);
  let summed = 0;
  // Every serving process runs this at once: in an order of its own, each mostly sums days the
  // others are not summing (a day both sum is stored by one, `storeDay`).
  for (const { seller_id, time_zone, latest } of shuffled(read)) {
    const whose: Whose = seller_id === THE_HUB ? "everyone" : seller_id;
    // A zone no member reads in any more (changed, or the member removed) is left.
    if (whose !== "everyone" && !zonesRead.get(seller_id)?.has(time_zone)) continue;
    if (stopping()) break;
    const days = wholeDaysWithin(Number(latest) + 1, closedBefore, time_zone);
    if (days.starts.length > 0) summed += await sumMissingDays(db, whose, time_zone, days.starts, days.end, stopping);
  }
  return summed;
}

/** A copy of `items` in a random order (Fisher–Yates). */
function shuffled<Item>(items: readonly Item[]): Item[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

/** The zones the accounts' members read the hub in: their choice, else their account's site's. */
async function zonesOfMembers(
  db: Kysely<DatabaseSchema>,
  sellerIds: readonly number[],
): Promise<Map<number, Set<string>>> {
  const zones = new Map<number, Set<string>>();
  for (const some of byStatement(sellerIds)) {
    const members = await db
      .selectFrom("member")
      .innerJoin("seller", "seller.id", "member.seller_id")
      .select(["member.seller_id", "member.time_zone", "seller.locale"])
      .where("member.seller_id", "in", some)
      .where("member.removed_at", "is", null)
      .execute();
    for (const member of members)
      zones.set(member.seller_id, (zones.get(member.seller_id) ?? new Set()).add(timeZoneOfMember(member, member)));
  }
  return zones;
}

/** Days that ended this long before: closed, unless a beacon still queued arrived before then. */
async function daysClosedBefore(db: Kysely<DatabaseSchema>, now: number): Promise<number> {
  return Math.min(now, (await oldestQueuedArrival(db)) ?? now) - DAY_CLOSED_AFTER_MS;
}

/** Sums each of the days that has not been, one transaction a day, until `stopping`; returns how many it summed. */
async function sumMissingDays(
  db: Kysely<DatabaseSchema>,
  whose: Whose,
  timeZone: string,
  starts: readonly number[],
  end: number,
  stopping: () => boolean = () => false,
): Promise<number> {
  const summed = new Set(
    (
      await db
        .selectFrom("speed_summary_day_built")
        .select("day_start")
        .where("seller_id", "=", storedAs(whose))
        .where("time_zone", "=", timeZone)
        .where("day_start", ">=", starts[0]!)
        .where("day_start", "<", end)
        .execute()
    ).map((row) => Number(row.day_start)),
  );
  let count = 0;
  for (const [index, start] of starts.entries()) {
    if (summed.has(start)) continue;
    if (stopping()) break;
    // Another process may have summed it since the read above (housekeeping runs in each): its
    // record is read again, by key, before the day's hours are.
    if (await isSummed(db, whose, timeZone, start)) continue;
    // A closed day's hours no longer change: they are read and added before the transaction, which
    // then holds SQLite's one writer for the record and the insert only, not for the 85 ms the
    // busy seller's day took to add up inside it (bench/README.md), while beacons wait to be stored.
    const rows = await summedDay(db, whose, timeZone, start, starts[index + 1] ?? end);
    if (await db.transaction().execute((trx) => storeDay(trx, whose, timeZone, start, rows))) count += 1;
  }
  return count;
}

const isSummed = async (db: Kysely<DatabaseSchema>, whose: Whose, timeZone: string, start: number) =>
  (await db
    .selectFrom("speed_summary_day_built")
    .select("day_start")
    .where("seller_id", "=", storedAs(whose))
    .where("time_zone", "=", timeZone)
    .where("day_start", "=", start)
    .executeTakeFirst()) !== undefined;

type DayRow = Insertable<SpeedSummaryDayTable>;

/**
 * A day's summaries, from its hours: each segment's, and the sums of every device class, every
 * connection, and both (`EVERY_SEGMENT` in place of one or both). A view of no segment, the usual,
 * then reads one row a page and release, not one per segment: with the busy seller's six segments
 * in `npm run bench:site-speed`, a 30-day view read 18,000 rows of a day's summaries without these
 * sums, and took longer than reading raw beacons (bench/README.md).
 */
async function summedDay(
  db: Kysely<DatabaseSchema>,
  whose: Whose,
  timeZone: string,
  start: number,
  end: number,
): Promise<DayRow[]> {
  const sums = new Map<string, { key: Omit<SpeedSummaryDayTable, "figures">; figures: Figures }>();
  // The hub's day is every account's hours: read an hour at a time, a worker holds one hour's rows
  // (a busy hub's thousands), not a day's. An account's day is one read.
  const step = whose === "everyone" ? HOUR_MS : end - start;
  for (let from = start; from < end; from += step)
    for (const hour of await readHoursOfDay(db, whose, from, Math.min(from + step, end))) {
      let figures: Figures;
      try {
        figures = readStoredFigures(hour.figures, Number(hour.hour_start));
      } catch (error) {
        // As a view leaves out an hour that does not read (readHourSummaries), so does its day.
        console.warn(
          `A site-speed summary did not read, and is left out of its day (${whoseName(whose)}, hour ${hour.hour_start}, ${hour.page_name}):`,
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
          seller_id: storedAs(whose),
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
  return [...sums.values()].map(({ key, figures }) => ({ ...key, figures: storeFigures(figures) }));
}

/** The segments' summaries of the hours, without an account's sums over them (hours-over-segments.server.ts), which summing the day makes again. */
const readHoursOfDay = (db: Kysely<DatabaseSchema>, whose: Whose, from: number, to: number) =>
  db
    .selectFrom("speed_summary_hour")
    .select(["hour_start", "page_name", "device", "connection", "release", "figures"])
    .$if(whose !== "everyone", (query) => query.where("seller_id", "=", whose as number))
    .where("hour_start", ">=", from)
    .where("hour_start", "<", to)
    .where("device", "<>", EVERY_SEGMENT)
    .execute();

/**
 * Stores a day's summaries, and whether this call did: the day's row in `speed_summary_day_built`
 * is written first, so another process storing the same day at once waits for this transaction
 * (on SQLite, for the file's one writer), then finds the row and leaves the day as this one wrote it.
 */
async function storeDay(
  trx: Transaction<DatabaseSchema>,
  whose: Whose,
  timeZone: string,
  start: number,
  rows: readonly DayRow[],
): Promise<boolean> {
  const claimed = await trx
    .insertInto("speed_summary_day_built")
    .values({ seller_id: storedAs(whose), time_zone: timeZone, day_start: start, summing_id: randomUUID() })
    .onConflict((conflict) => conflict.columns(["seller_id", "time_zone", "day_start"]).doNothing())
    .returning("day_start")
    .executeTakeFirst();
  if (!claimed) return false;
  for (const some of byStatement(rows))
    await trx
      .insertInto("speed_summary_day")
      .values(some)
      // Rows of a day whose record was deleted by hand stay as they were summed: a day is summed once.
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  return true;
}

/**
 * The closed days' summaries (each day's summed per page and release), those this process keeps in
 * memory from an earlier read of the same summing (days-in-memory.server.ts), the rest read.
 */
async function readDays(
  db: Kysely<DatabaseSchema>,
  whose: Whose,
  timeZone: string,
  starts: readonly number[],
  segment: Segment,
  keep: KeepFigure,
): Promise<HourSummary[]> {
  const summings = await summingsOf(db, whose, timeZone, starts);
  const dayOf = (dayStart: number): DayKey | undefined => {
    const summingId = summings.get(dayStart);
    return summingId === undefined
      ? undefined
      : {
          seller: storedAs(whose),
          timeZone,
          device: segment.device ?? EVERY_SEGMENT,
          connection: segment.connection ?? EVERY_SEGMENT,
          keep,
          dayStart,
          summingId,
        };
  };
  const days = new Map<number, readonly HourSummary[]>();
  for (const start of starts) {
    const day = dayOf(start);
    const summaries = day && keptDay(db, day);
    if (summaries) days.set(start, summaries);
  }
  const unread = starts.filter((start) => !days.has(start));
  if (unread.length > 0) {
    // From the first day unread to the last, as one range: a list of days would make a statement
    // of its own for each length, and the days between are mostly unread too.
    const rows = await db
      .selectFrom("speed_summary_day")
      .select(["day_start", "page_name", "release", "figures"])
      .where("seller_id", "=", storedAs(whose))
      .where("time_zone", "=", timeZone)
      .where("day_start", ">=", unread[0]!)
      .where("day_start", "<=", unread.at(-1)!)
      .where("device", "=", segment.device ?? EVERY_SEGMENT)
      .where("connection", "=", segment.connection ?? EVERY_SEGMENT)
      .execute();
    const read = Map.groupBy(
      summedPerPage(
        rows.flatMap(({ day_start, ...row }) =>
          days.has(Number(day_start)) ? [] : [{ ...row, start: Number(day_start) }],
        ),
        `${whoseName(whose)}, ${timeZone} day`,
        keep,
      ),
      (summary) => summary.hourStart,
    );
    for (const start of unread) {
      const summaries = read.get(start) ?? [];
      days.set(start, summaries);
      const day = dayOf(start);
      if (day) keepDay(db, day, summaries);
    }
  }
  return starts.flatMap((start) => days.get(start) ?? []);
}

/** Each summed day's summing id, by the day's start. */
async function summingsOf(
  db: Kysely<DatabaseSchema>,
  whose: Whose,
  timeZone: string,
  starts: readonly number[],
): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom("speed_summary_day_built")
    .select(["day_start", "summing_id"])
    .where("seller_id", "=", storedAs(whose))
    .where("time_zone", "=", timeZone)
    .where("day_start", ">=", starts[0]!)
    .where("day_start", "<=", starts.at(-1)!)
    .execute();
  return new Map(rows.map((row) => [Number(row.day_start), row.summing_id]));
}
