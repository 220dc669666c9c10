import { sql, type Kysely } from "kysely";
import type { Dialect } from "./dialect.server";

/**
 * "Title: A to Z" in the order a reader expects: by the folded title (case and accents aside, ß as
 * ss: `search_fold`, migration 0019), which is DIN 5007-1's order for German (Ä with A) and the
 * first level of French, Italian and English collation; ties in id order. Before, it was the titles'
 * code points: every lower-case title after "Z", "Ärmel" after "Zebra".
 *
 * The indexes that sorted by title sort by the folded title instead, still covering the title
 * search's reads (folded title and id). On PostgreSQL the folded title compares as "C" (code
 * points), whatever the database's collation: the same order as SQLite's, on any server.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres")
    await sql`alter table listing alter column folded_title type text collate "C"`.execute(db);
  const listing = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on("listing").columns(columns).execute();
  await listing("listing_seller_folded_title", ["seller_id", "folded_title", "id"]);
  await listing("listing_seller_status_folded_title", ["seller_id", "status", "folded_title", "id"]);
  await db.schema.dropIndex("listing_seller_title_folded").execute();
  await db.schema.dropIndex("listing_seller_status_title_folded").execute();
}
