import type { Kysely } from "kysely";

/**
 * Bulk price changes (decision 075).
 *
 * - `listing.price_version` counts the changes of a listing's price. A change compares it with
 *   the version its preview saw and writes only on a match, so a price changed since (another
 *   tab, another instance) is reported as a conflict, never overwritten; a price changed and
 *   changed back still counts as changed.
 * - `listing_selection`: the listings a seller has selected in one session, kept on the server so
 *   the selection survives paging and re-filtering with or without JavaScript.
 * - `price_change`: one change as previewed, applied or undone; its id is chosen at the preview,
 *   so a second submit of the same change finds it applied and applies nothing more.
 * - `price_change_item`: each selected listing's old price and version and its new price or the
 *   reason it has none; then what applying and undoing did to it. A listing's price history is read
 *   from these rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("listing")
    .addColumn("price_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("listing_selection")
    .addColumn("session_id", "text", (c) => c.notNull())
    .addColumn("listing_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("listing_selection_pk", ["session_id", "listing_id"])
    .execute();

  await db.schema
    .createTable("price_change")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("seller_id", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("ending", "integer")
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("applied_at", "bigint")
    .addColumn("undone_at", "bigint")
    .execute();
  // The seller's last change (undo), and previews no longer wanted (housekeeping).
  await db.schema
    .createIndex("price_change_seller_applied")
    .on("price_change")
    .columns(["seller_id", "applied_at"])
    .execute();
  await db.schema
    .createIndex("price_change_state_created")
    .on("price_change")
    .columns(["state", "created_at"])
    .execute();

  await db.schema
    .createTable("price_change_item")
    .addColumn("change_id", "text", (c) => c.notNull())
    .addColumn("listing_id", "integer", (c) => c.notNull())
    .addColumn("old_price", "integer", (c) => c.notNull())
    .addColumn("old_version", "integer", (c) => c.notNull())
    .addColumn("new_price", "integer")
    .addColumn("problem", "text")
    .addColumn("outcome", "text")
    .addColumn("undo_outcome", "text")
    .addPrimaryKeyConstraint("price_change_item_pk", ["change_id", "listing_id"])
    .execute();
  // A listing's price history.
  await db.schema.createIndex("price_change_item_listing").on("price_change_item").columns(["listing_id"]).execute();
}
