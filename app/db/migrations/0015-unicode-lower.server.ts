import { sql, type Kysely } from "kysely";
import type { Dialect } from "./dialect.server";

/**
 * `unicode_lower(text)`: lower case beyond ASCII, the same on both databases, for the title search
 * (`app/listings/listings.server.ts`). SQLite's own `lower()` folds ASCII only, so a title that
 * starts with "É" was not found by "Écran" nor "écran". SQLite has the function from each
 * connection (`app/db/node-sqlite-dialect.server.ts`, JavaScript's toLowerCase); PostgreSQL gets it
 * here as `lower()` itself, which folds every letter under the database's UTF-8 character type. A
 * SQL function this simple is inlined by PostgreSQL's planner, so the trigram index of
 * `lower(title)` (migration 0009) still serves it. Replaced by `search_fold` and the folded titles
 * of migration 0019, which drops it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`
    create function unicode_lower(text) returns text
    language sql immutable strict parallel safe
    return lower($1)`.execute(db);
}
