/**
 * An account's hours summed over every segment (docs/decisions/049, "Hours over every segment"),
 * as its days are: beside each segment's summary of an hour, page and release, one with "*" for
 * the device class and the connection, so that a view of no segment, the usual, reads one row an
 * hour per page and release rather than one per segment. At ten million beacons the busy
 * seller's hours held some 500 rows each over twelve segments, and its 24 hours took p95 546 ms
 * (bench/README.md).
 *
 * Kept for the accounts someone reads, from two days before the first view of one: that view
 * sums the hours it reads from their segments (`keepHoursOverSegments`), and from then on the
 * summing adds each of the account's page views to its hour's sum too (sum-beacons.server.ts).
 * Summing every account's hours so, read or not, took a million beacons' summing from 174 to
 * 253 s and the database from 2.39 to 3.24 GB (bench/README.md, "Hours over every segment"): a
 * small seller's hour holds a page view or two, whose sum is a copy of its one segment's row.
 * Days are summed for the accounts read for the same reason (summed-days.server.ts).
 */
import type { Kysely } from "kysely";
import { byStatement, type Database } from "~/db/database.server";
import type { DatabaseSchema, SpeedSummaryHourTable } from "~/db/schema";
import { addFigures, noFigures, readStoredFigures, storeFigures, type Figures } from "./page-view-figures";
import { DAY_MS, HOUR_MS } from "./report-periods";
import { holdOffSumming } from "./summing-lock.server";

/** The device class and connection of a sum over every segment. No segment's is "*" (beacon-schema.ts). */
export const EVERY_SEGMENT = "*";

/**
 * The first hour of each of the accounts whose hours keep sums over every segment: hours before
 * it keep their segments' summaries alone. Accounts no one has read yet are not in the map.
 */
export async function hoursOverSegmentsSince(
  db: Kysely<DatabaseSchema>,
  sellerIds: readonly number[],
): Promise<Map<number, number>> {
  const since = new Map<number, number>();
  for (const some of byStatement(sellerIds))
    for (const row of await db
      .selectFrom("speed_hours_over_segments")
      .select(["seller_id", "since"])
      .where("seller_id", "in", some)
      .execute())
      since.set(row.seller_id, Number(row.since));
  return since;
}

/**
 * Hours the first view of an account sums over every segment: the 24 hours' own, the 24 before
 * them that they are set against, and the hour begun; they hold today's hours, which the 7 and 30
 * days read too. Older hours a view reads (the first hours of a period that summer time moves off
 * midnight) are read from their segments.
 */
const FIRST_HOURS_MS = 2 * DAY_MS;

/**
 * How long a first view waits for a summing batch in progress on PostgreSQL (about 45 ms a batch,
 * sum-beacons.server.ts) before it leaves the sums to the next view: it holds one of the pool's
 * connections meanwhile.
 */
const SUMMING_WAIT_MS = 2_000;

/**
 * Keeps the account's hours summed over every segment from now on, summing those of the last two
 * days from their segments the first time. Called by each view; after the first, a lookup by key.
 * The first time keeps the summing out while it reads the segments' summaries and writes their
 * sums (`holdOffSumming` on PostgreSQL; on SQLite its write transaction), so that no page view is
 * summed between the two into a segment and missed by the sum.
 */
export async function keepHoursOverSegments(database: Database, sellerId: number, now: number): Promise<void> {
  try {
    if ((await hoursOverSegmentsSince(database.db, [sellerId])).has(sellerId)) return;
    await startSums(database, sellerId, Math.floor(now / HOUR_MS) * HOUR_MS - FIRST_HOURS_MS);
  } catch (error) {
    // The segments' summaries hold the same figures: a view whose start fails (SQLite busy past
    // its wait, a summing batch past SUMMING_WAIT_MS) reads them, slower, rather than failing the
    // dashboard; the next view starts again.
    console.warn(
      `Summing seller ${sellerId}'s site-speed hours over every segment failed; the view reads the segments:`,
      error instanceof Error ? error.message : error,
    );
  }
}

async function startSums(database: Database, sellerId: number, since: number): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    if (database.dialect === "postgres") await holdOffSumming(trx, SUMMING_WAIT_MS);
    // Written first: a view starting the same account's sums at once finds it and leaves them.
    const claimed = await trx
      .insertInto("speed_hours_over_segments")
      .values({ seller_id: sellerId, since })
      .onConflict((conflict) => conflict.column("seller_id").doNothing())
      .returning("seller_id")
      .executeTakeFirst();
    if (!claimed) return;
    // Sums left from an earlier record (deleted by hand) would be read as they are: summed afresh.
    await trx
      .deleteFrom("speed_summary_hour")
      .where("seller_id", "=", sellerId)
      .where("hour_start", ">=", since)
      .where("device", "=", EVERY_SEGMENT)
      .execute();
    const sums = new Map<string, { key: Omit<SpeedSummaryHourTable, "figures">; figures: Figures }>();
    for (const hour of await trx
      .selectFrom("speed_summary_hour")
      .selectAll()
      .where("seller_id", "=", sellerId)
      .where("hour_start", ">=", since)
      .where("device", "<>", EVERY_SEGMENT)
      .execute()) {
      const { figures, ...segment } = hour;
      let read: Figures;
      try {
        read = readStoredFigures(figures, Number(hour.hour_start));
      } catch (error) {
        // As a view leaves out a summary that does not read (summed-report.server.ts), so does its sum.
        console.warn(
          `A site-speed summary did not read, and is left out of its hour's sum over every segment (seller ${sellerId}, hour ${hour.hour_start}, ${hour.page_name}):`,
          error instanceof Error ? error.message : error,
        );
        continue;
      }
      const key = { ...segment, device: EVERY_SEGMENT, connection: EVERY_SEGMENT };
      const name = JSON.stringify([key.hour_start, key.page_name, key.release]);
      const sum = sums.get(name) ?? { key, figures: noFigures() };
      addFigures(sum.figures, read);
      sums.set(name, sum);
    }
    const rows = [...sums.values()].map(({ key, figures }) => ({ ...key, figures: storeFigures(figures) }));
    for (const some of byStatement(rows)) await trx.insertInto("speed_summary_hour").values(some).execute();
  });
}
