import { sql, type Kysely } from "kysely";

/**
 * When a session was last used (to the nearest few minutes), so that one left idle ends before its
 * seven days are up (app/auth/session.server.ts). Sessions already open count as used now: a
 * deployment signs no seller out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("session")
    .addColumn("last_seen_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update session set last_seen_at = ${Date.now()}`.execute(db);
  await db.schema.createIndex("session_last_seen_at").on("session").columns(["last_seen_at"]).execute();
}
