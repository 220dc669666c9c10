import type { Kysely } from "kysely";

/**
 * Site speed summed per day of a reader's time zone (docs/decisions/049, "Days"), for the
 * dashboard's 7 and 30 days.
 *
 * - `speed_summary_day`: a seller's hours' summaries of one day of one zone, summed per page,
 *   device class, connection and release, as `speed_summary_hour` keys them. A zone's day is
 *   whole UTC hours (every zone the hub offers is), so a day is the sum of its hours. Members
 *   choose their own zones (migration 0026), so a seller's days are kept per zone a reader asked
 *   for, not per seller.
 * - `speed_summary_day_built`: which days of which zone are summed, so that a day without page
 *   views is not summed again at every view. A day is summed once it is closed, when no beacon
 *   can still be summed into its hours (app/site-speed/summed-days.server.ts); its row is written
 *   in the transaction that writes the day's summaries.
 *
 * Both start empty: the first view of a period sums its closed days from the hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("speed_summary_day")
    .addColumn("seller_id", "integer", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day_start", "bigint", (c) => c.notNull())
    .addColumn("page_name", "text", (c) => c.notNull())
    .addColumn("device", "text", (c) => c.notNull())
    .addColumn("connection", "text", (c) => c.notNull())
    .addColumn("release", "text", (c) => c.notNull())
    .addColumn("figures", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("speed_summary_day_key", [
      "seller_id",
      "time_zone",
      "day_start",
      "page_name",
      "device",
      "connection",
      "release",
    ])
    .execute();
  await db.schema.createIndex("speed_summary_day_start").on("speed_summary_day").column("day_start").execute();
  await db.schema
    .createTable("speed_summary_day_built")
    .addColumn("seller_id", "integer", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day_start", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("speed_summary_day_built_key", ["seller_id", "time_zone", "day_start"])
    .execute();
  await db.schema
    .createIndex("speed_summary_day_built_start")
    .on("speed_summary_day_built")
    .column("day_start")
    .execute();
}
