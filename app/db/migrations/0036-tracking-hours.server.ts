import { sql, type Kysely } from "kysely";

/**
 * Page tracking counted per hour as it arrives (docs/decisions/049, "Tracking per hour"):
 * `tracking_hour` holds a signed-in account's events of one UTC hour per page and action, which
 * the collector adds to in the transaction that stores the beacon's own rows. The dashboard
 * counts a period's events from these hours, at most one row per hour and pair however many
 * events came (counted from `tracking_event`'s rows, the busy seller's 30 days took 31 ms of a
 * 200 ms view at ten million beacons: bench/README.md, "Where a 30 days' view goes"). The rows
 * kept so far are counted into their hours here; `tracking_event` stays the record they were
 * counted from, expired as before, its index by seller kept for deleting an account's rows with
 * it. A build before this one, serving beside it during a deployment, still counts from the
 * events' rows; the events that build stores are not in the hours.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tracking_hour")
    .addColumn("seller_id", "integer", (c) => c.notNull().references("seller.id").onDelete("cascade"))
    .addColumn("hour_start", "bigint", (c) => c.notNull())
    .addColumn("page_name", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("events", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("tracking_hour_key", ["seller_id", "hour_start", "page_name", "action"])
    .execute();
  // Housekeeping deletes the oldest hours first (expired-records.server.ts).
  await db.schema.createIndex("tracking_hour_start").on("tracking_hour").column("hour_start").execute();
  await sql`
    insert into tracking_hour (seller_id, hour_start, page_name, action, events)
    select seller_id, received_at - received_at % 3600000, page_name, action, sum(count)
    from tracking_event
    where seller_id is not null
    group by seller_id, received_at - received_at % 3600000, page_name, action
  `.execute(db);
}
