import { sql, type Kysely } from "kysely";

/**
 * Price changes become listing changes (decision 085): one change may set prices, quantities or
 * both, so an import of a file edited in both columns is one preview, one apply and one undo.
 *
 * - `listing_change` replaces `price_change`, its rows copied and their meaning kept.
 * - `listing_change_item` replaces `price_change_item`: each item names its `field` (`price` or
 *   `quantity`), and its old and new values are that field's. A listing may have an item per
 *   field, so the field joins the primary key; SQLite cannot change a table's primary key, so the
 *   table is made anew and the rows copied (every existing item is a price).
 * - `listing.quantity_version` counts the changes of a listing's quantity, as `price_version` does
 *   its price's (migration 0014): a quantity changed since a preview or a page was read is a
 *   conflict, never overwritten.
 *
 * Both tables are made anew rather than renamed: SQLite's `alter table … rename` parses every
 * trigger of the schema again, and refuses the listing tallies' upsert (migration 0008) for its
 * `tally.listings` alias ("no such column"), though the trigger itself runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // All or nothing: on SQLite the migrator runs no transaction (Kysely's SQLite adapter claims no
  // transactional DDL), and a migration stopped halfway (a full disk while copying) would leave
  // `listing_change` made and `price_change` still there, which the next start could not redo.
  if (db.isTransaction) await makeListingChanges(db);
  else await db.transaction().execute((trx) => makeListingChanges(trx));
}

async function makeListingChanges(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("listing_change")
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
  await sql`insert into listing_change
      (id, seller_id, kind, amount, ending, state, created_at, applied_at, undone_at)
    select id, seller_id, kind, amount, ending, state, created_at, applied_at, undone_at
    from price_change`.execute(db);
  await db.schema.dropTable("price_change").execute();
  await db.schema
    .createIndex("listing_change_seller_applied")
    .on("listing_change")
    .columns(["seller_id", "applied_at"])
    .execute();
  await db.schema
    .createIndex("listing_change_state_created")
    .on("listing_change")
    .columns(["state", "created_at"])
    .execute();

  await db.schema
    .createTable("listing_change_item")
    .addColumn("change_id", "text", (c) => c.notNull())
    .addColumn("listing_id", "integer", (c) => c.notNull())
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("old_value", "integer", (c) => c.notNull())
    .addColumn("old_version", "integer", (c) => c.notNull())
    .addColumn("new_value", "integer")
    .addColumn("problem", "text")
    .addColumn("outcome", "text")
    .addColumn("undo_outcome", "text")
    .addPrimaryKeyConstraint("listing_change_item_pk", ["change_id", "listing_id", "field"])
    .execute();
  await sql`insert into listing_change_item
      (change_id, listing_id, field, old_value, old_version, new_value, problem, outcome, undo_outcome)
    select change_id, listing_id, 'price', old_price, old_version, new_price, problem, outcome, undo_outcome
    from price_change_item`.execute(db);
  await db.schema.dropTable("price_change_item").execute();
  // A listing's history.
  await db.schema
    .createIndex("listing_change_item_listing")
    .on("listing_change_item")
    .columns(["listing_id"])
    .execute();

  await db.schema
    .alterTable("listing")
    .addColumn("quantity_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
