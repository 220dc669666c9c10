import type { Kysely } from "kysely";
import { idColumnType, type Dialect } from "./dialect.server";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const id = idColumnType(dialect);
  await db.schema
    .createTable("seller")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("feedback_score", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("store_url", "text", (c) => c.notNull())
    .addColumn("site", "text", (c) => c.notNull())
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("seller_id", "integer", (c) => c.notNull().references("seller.id").onDelete("cascade"))
    .addColumn("srt", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("session_seller").on("session").column("seller_id").execute();

  await db.schema
    .createTable("listing")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("seller_id", "integer", (c) => c.notNull().references("seller.id").onDelete("cascade"))
    .addColumn("epid", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("condition", "text", (c) => c.notNull())
    .addColumn("price", "integer", (c) => c.notNull())
    .addColumn("additional_price", "integer")
    .addColumn("logistics_cost", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("banner_status", "text")
    .addColumn("quantity", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sold", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("awaiting_shipment", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // The listings page filters by seller and status and sorts by date, title or price.
  await db.schema
    .createIndex("listing_seller_status_created")
    .on("listing")
    .columns(["seller_id", "status", "created_at"])
    .execute();
  await db.schema.createIndex("listing_seller_created").on("listing").columns(["seller_id", "created_at"]).execute();
  await db.schema.createIndex("listing_epid_condition").on("listing").columns(["epid", "condition", "price"]).execute();

  await db.schema
    .createTable("message")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("seller_id", "integer", (c) => c.references("seller.id").onDelete("cascade"))
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("starts_at", "bigint", (c) => c.notNull())
    .addColumn("ends_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("opt_out")
    .addColumn("seller_id", "integer", (c) => c.notNull().references("seller.id").onDelete("cascade"))
    .addColumn("tool", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("opt_out_pk", ["seller_id", "tool"])
    .execute();

  await db.schema
    .createTable("speed_beacon")
    .addColumn("id", id, (c) => c.primaryKey())
    .addColumn("page_name", "text", (c) => c.notNull())
    .addColumn("seller_id", "integer", (c) => c.references("seller.id").onDelete("set null"))
    .addColumn("speed_session", "text", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .addColumn("metrics", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("speed_beacon_page_received")
    .on("speed_beacon")
    .columns(["page_name", "received_at"])
    .execute();
}
