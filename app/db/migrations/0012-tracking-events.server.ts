import type { Kysely } from "kysely";
import { idColumnType, type Dialect } from "./dialect.server";

/**
 * Page tracking's events, folded per page view: how often each action happened on which page.
 * Their own table rather than the beacon's JSON, so the dashboard counts them in SQL.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("tracking_event")
    .addColumn("id", idColumnType(dialect), (c) => c.primaryKey())
    .addColumn("page_name", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("seller_id", "integer", (c) => c.references("seller.id").onDelete("cascade"))
    .addColumn("page_view", "text", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .execute();
  // The dashboard counts one seller's events of a period; housekeeping deletes those past the retention.
  await db.schema
    .createIndex("tracking_event_seller_received")
    .on("tracking_event")
    .columns(["seller_id", "received_at"])
    .execute();
  await db.schema.createIndex("tracking_event_received").on("tracking_event").column("received_at").execute();
}
