import { sql, type Kysely } from "kysely";
import { idColumnType, type Dialect } from "./dialect.server";

/**
 * The people of an account (decision 086, step 1): `seller` stays the account (its listings, site,
 * currency, feedback), and a `member` row is each person who signs in to it, with their own
 * password, role, language, time zone and appearance. Each seller's owner is made from the
 * seller's own columns, so every sign-in and every open session keeps working; those columns then
 * leave `seller`, so that one place holds them.
 *
 * A session names its member (and keeps naming the account, which the member's row also says), and
 * keeps the browser's user agent and address for the member's list of their sessions (step 5).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // All or nothing, as migration 0025: on SQLite the migrator runs no transaction.
  if (db.isTransaction) await makeMembers(db, dialect);
  else await db.transaction().execute((trx) => makeMembers(trx, dialect));
}

async function makeMembers(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("member")
    .addColumn("id", idColumnType(dialect), (c) => c.primaryKey())
    .addColumn("seller_id", "integer", (c) => c.notNull().references("seller.id").onDelete("cascade"))
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("language", "text")
    .addColumn("time_zone", "text")
    .addColumn("appearance", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("removed_at", "bigint")
    .execute();
  await db.schema.createIndex("member_seller").on("member").column("seller_id").execute();
  await sql`insert into member
      (seller_id, username, display_name, password_hash, role, language, time_zone, appearance, created_at)
    select id, username, display_name, password_hash, 'owner', language, time_zone, appearance, created_at
    from seller`.execute(db);

  await sql`alter table session add column member_id integer references member (id) on delete cascade`.execute(db);
  await db.schema.alterTable("session").addColumn("user_agent", "text").execute();
  await db.schema.alterTable("session").addColumn("address", "text").execute();
  await sql`update session set member_id =
    (select member.id from member where member.seller_id = session.seller_id)`.execute(db);
  await db.schema.createIndex("session_member").on("session").column("member_id").execute();

  await withTriggersSetAside(db, dialect, async () => {
    for (const column of ["password_hash", "language", "time_zone", "appearance"])
      await db.schema.alterTable("seller").dropColumn(column).execute();
  });
}

/**
 * SQLite's `alter table … drop column` parses every trigger of the schema again, and refuses the
 * listing tallies' upsert (migration 0008) for its `tally.listings` alias ("no such column"),
 * though the trigger itself runs (the same as a rename, migration 0025). The triggers are dropped
 * and made again from their own text around the change, inside the migration's transaction, so no
 * write can pass between.
 */
async function withTriggersSetAside(db: Kysely<unknown>, dialect: Dialect, change: () => Promise<void>): Promise<void> {
  if (dialect === "postgres") return change();
  const { rows: triggers } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger' order by name`.execute(db);
  for (const trigger of triggers) await sql`drop trigger ${sql.id(trigger.name)}`.execute(db);
  await change();
  for (const trigger of triggers) await sql.raw(trigger.sql).execute(db);
}
