import { sql, type Kysely } from "kysely";
import type { Dialect } from "./dialect.server";

/**
 * Site speed summed per hour (docs/decisions/049), the first step: the sums are written, and the
 * dashboard still reads raw beacons until it reads them.
 *
 * - `speed_summary_hour`: one row per key and UTC hour a page view began: the seller (0 for
 *   signed-out pages), page, device class, connection and release ('' where the beacon told
 *   none), with the page views' figures as JSON (app/site-speed/page-view-figures.ts). The kind
 *   of page view is no part of the key: the figures count full loads and in-app navigations
 *   apart, and the dashboard splits nothing else by it. Its key leads with the seller and the
 *   hour, as a seller's period reads it; housekeeping deletes by the hour alone.
 * - `speed_beacon_unsummed`: the beacons not yet summed. The collector adds a beacon's id in the
 *   transaction that stores it, and the summing deletes it in the transaction that adds it up, so
 *   no beacon is summed twice or missed. On PostgreSQL ids are not committed in the order they are
 *   given, so a mark of "summed up to id n" would skip a beacon committed late; a row of its own
 *   per beacon cannot. (Marking the beacon itself would rewrite each beacon's row, its JSON
 *   included, a second time.)
 * - Every beacon already stored is queued, so the sums begin with the whole of the kept history.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("speed_summary_hour")
    .addColumn("seller_id", "integer", (c) => c.notNull())
    .addColumn("hour_start", "bigint", (c) => c.notNull())
    .addColumn("page_name", "text", (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("connection", "text", (c) => c.notNull())
    .addColumn("release", "text", (c) => c.notNull())
    .addColumn("figures", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("speed_summary_hour_key", [
      "seller_id",
      "hour_start",
      "page_name",
      "device",
      "connection",
      "release",
    ])
    .execute();
  await db.schema.createIndex("speed_summary_hour_start").on("speed_summary_hour").column("hour_start").execute();
  await db.schema
    .createTable("speed_beacon_unsummed")
    .addColumn("beacon_id", "integer", (c) => c.primaryKey())
    .execute();
  await sql`insert into speed_beacon_unsummed (beacon_id) select id from speed_beacon`.execute(db);
  if (dialect === "postgres") await sql`analyze speed_beacon_unsummed`.execute(db);
}
