import { sql, type Kysely } from "kysely";
import type { Dialect } from "./dialect.server";

/**
 * `listing.folded_title`: the title with case and accents folded for the title search, as
 * `searchFold` folds text in JavaScript (app/search/search-fold.ts says what folds), kept by the
 * database itself, whoever writes. Before, the search compared `lower(title)` (`unicode_lower` on
 * SQLite, migration 0015), so "ecran" did not find "Écran". The trigram indexes move to it
 * (decision 071).
 *
 * Stored, not computed at each search: SQLite calls the function in JavaScript, about 1 µs a
 * title, and a results page reading 100,000 titles took 60 ms instead of 7 (bench/search-time.ts).
 *
 * - PostgreSQL: `search_fold(text)`, an SQL function of its built-ins, and a generated column.
 * - SQLite: the function comes from each connection (app/db/node-sqlite-dialect.server.ts), and
 *   triggers fill the column after an insert or a new title: a connection without the function
 *   cannot write titles. The FTS5 index of migration 0009 is made again over the folded titles:
 *   its own folding of diacritics covers Latin letters only (not ё, not ß), and it must find at
 *   least what the search does.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await (dialect === "postgres" ? foldOnPostgres(db) : foldOnSqlite(db));
  await coverFoldedTitles(db);
}

/**
 * A search for a common word, or for 1 or 2 characters, reads the seller's titles from the
 * indexes that sort by title (migration 0005), never the rows. Those indexes carry the folded
 * title too, after the title and the id they sort by (SQLite's implicit last column, written out
 * so that ties still come in id order): without it every title read was a row read, and a
 * results page at 100,000 listings took 12–20 ms at the median instead of 2–7.
 */
async function coverFoldedTitles(db: Kysely<unknown>): Promise<void> {
  const listing = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on("listing").columns(columns).execute();
  await listing("listing_seller_title_folded", ["seller_id", "title", "id", "folded_title"]);
  await listing("listing_seller_status_title_folded", ["seller_id", "status", "title", "id", "folded_title"]);
  await db.schema.dropIndex("listing_seller_title").execute();
  await db.schema.dropIndex("listing_seller_status_title").execute();
}

async function foldOnPostgres(db: Kysely<unknown>): Promise<void> {
  // NFD splits each letter from its marks; the Latin, Greek and Cyrillic ones go; NFC joins the rest again.
  await sql`
    create function search_fold(text) returns text
    language sql immutable strict parallel safe
    return replace(replace(lower(normalize(regexp_replace(normalize($1, NFD), '[\\u0300-\\u036f]', '', 'g'), NFC)), 'ß', 'ss'), 'ς', 'σ')`.execute(
    db,
  );
  await sql`alter table listing add column folded_title text generated always as (search_fold(title)) stored`.execute(
    db,
  );
  await db.schema
    .createIndex("listing_folded_title_trigram")
    .on("listing")
    .using("gin")
    .expression(sql`folded_title gin_trgm_ops`)
    .execute();
  await db.schema.dropIndex("listing_title_trigram").execute();
  await sql`drop function unicode_lower(text)`.execute(db);
}

/** Kysely runs SQLite migrations outside a transaction, so this one makes its own (as 0009 does). */
async function foldOnSqlite(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const trigger of ["insert", "delete", "update"])
      await sql`drop trigger ${sql.raw(`listing_title_search_${trigger}`)}`.execute(trx);
    await sql`drop table listing_title_search`.execute(trx);

    // The tallies' update trigger (0008) ran on any update of a listing, so also on the folding
    // triggers' own update below, to find nothing to count: it now runs when a column it counts
    // changes. Its body is kept as 0008 wrote it.
    const tally = await sql<{ sql: string }>`
      select sql from sqlite_master where type = 'trigger' and name = 'listing_tally_after_update'`.execute(trx);
    const tallyTrigger = tally.rows[0]?.sql ?? "";
    const counted = "after update of seller_id, status, condition, price, sold, awaiting_shipment on listing";
    if (!tallyTrigger.includes("after update on listing"))
      throw new Error("The tallies' update trigger is not 0008's.");
    await sql`drop trigger listing_tally_after_update`.execute(trx);
    await sql.raw(tallyTrigger.replace("after update on listing", counted)).execute(trx);

    await sql`alter table listing add column folded_title text`.execute(trx);
    await sql`
      create trigger listing_folded_title_insert after insert on listing begin
        update listing set folded_title = search_fold(new.title) where id = new.id;
      end`.execute(trx);
    await sql`
      create trigger listing_folded_title_update after update of title on listing begin
        update listing set folded_title = search_fold(new.title) where id = new.id;
      end`.execute(trx);
    await sql`update listing set folded_title = search_fold(title)`.execute(trx);

    // The index of the folded titles, which it reads from the listings (no second copy of them).
    await sql`
      create virtual table listing_title_search using fts5(
        folded_title, content = 'listing', content_rowid = 'id', columnsize = 0, tokenize = 'trigram'
      )`.execute(trx);
    // An external-content index forgets a title only when told the title it indexed; a listing
    // just inserted had none yet.
    await sql`
      create trigger listing_title_search_update after update of folded_title on listing begin
        insert into listing_title_search (listing_title_search, rowid, folded_title)
          select 'delete', old.id, old.folded_title where old.folded_title is not null;
        insert into listing_title_search (rowid, folded_title) values (new.id, new.folded_title);
      end`.execute(trx);
    await sql`
      create trigger listing_title_search_delete after delete on listing begin
        insert into listing_title_search (listing_title_search, rowid, folded_title)
          select 'delete', old.id, old.folded_title where old.folded_title is not null;
      end`.execute(trx);
    await sql`insert into listing_title_search (listing_title_search) values ('rebuild')`.execute(trx);
  });
}
