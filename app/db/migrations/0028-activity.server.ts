import { sql, type Kysely } from "kysely";
import { idColumnType, type Dialect } from "./dialect.server";

/**
 * The account's activity log and who made each listing change (decision 086, step 4). An
 * `activity` row tells of one change to the account's data (a change of prices or quantities and
 * its undo, a team change, switching tools), written in the change's own transaction; a listing
 * change names the member who applied it and the one who undid it (a preview names no one until
 * it is applied). Changes made before this migration were their owner's (an account had one
 * person until migration 0026).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("activity")
    .addColumn("id", idColumnType(dialect), (c) => c.primaryKey())
    .addColumn("seller_id", "integer", (c) => c.notNull().references("seller.id").onDelete("cascade"))
    // A removed member's row stays, so their name stays on what they did.
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id"))
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull())
    .execute();
  // Newest first, by keyset: every page of the log, filtered by kind or not.
  await db.schema.createIndex("activity_seller_at").on("activity").columns(["seller_id", "at", "id"]).execute();
  await db.schema
    .createIndex("activity_member_at")
    .on("activity")
    .columns(["seller_id", "member_id", "at", "id"])
    .execute();
  // Housekeeping deletes what is older than a year, whatever the account.
  await db.schema.createIndex("activity_at").on("activity").column("at").execute();

  await db.schema
    .alterTable("listing_change")
    .addColumn("member_id", "integer", (c) => c.references("member.id"))
    .execute();
  await db.schema
    .alterTable("listing_change")
    .addColumn("undone_by", "integer", (c) => c.references("member.id"))
    .execute();
  const owner = sql`(select member.id from member where member.seller_id = listing_change.seller_id and member.role = 'owner')`;
  await sql`update listing_change set member_id = ${owner} where applied_at is not null`.execute(db);
  await sql`update listing_change set undone_by = ${owner} where undone_at is not null`.execute(db);
}
