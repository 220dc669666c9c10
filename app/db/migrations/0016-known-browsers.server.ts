import type { Kysely } from "kysely";

/**
 * Browsers an account has signed in from (app/auth/known-browsers.server.ts): the sign-in limit
 * per account does not lock them out. A browser holds a random token in a cookie; the table holds
 * its hash, so a copy of the database signs no browser in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("known_browser")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("account", "text", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("known_browser_expires_at").on("known_browser").columns(["expires_at"]).execute();
}
