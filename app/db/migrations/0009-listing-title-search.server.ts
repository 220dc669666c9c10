import { sql, type Kysely } from "kysely";
import type { Dialect } from "./dialect.server";

/**
 * The listings page's title search read every title of the seller: 18–140 ms a request for
 * 100,000 listings on SQLite. A trigram index finds the listings whose title contains a text of
 * 3 characters or more (decision 035).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await (dialect === "postgres" ? indexLowercaseTitles(db) : createTitleSearch(db));
}

/** The listings page's `lower(title) like '%…%'` reads this index by itself, where it pays. */
async function indexLowercaseTitles(db: Kysely<unknown>): Promise<void> {
  // pg_trgm is a trusted extension: the hub's own role may create it, without a superuser.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await db.schema
    .createIndex("listing_title_trigram")
    .on("listing")
    .using("gin")
    .expression(sql`lower(title) gin_trgm_ops`)
    .execute();
}

/**
 * An FTS5 index over the listings' own titles (external content: no second copy of them), keyed by
 * the listing's id, kept in step by triggers and filled from the listings already there. No
 * column sizes: nothing ranks the matches. Kysely runs SQLite migrations outside a transaction,
 * so this one makes its own: a failure leaves no half-made index behind to break the next start.
 */
async function createTitleSearch(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`
      create virtual table listing_title_search using fts5(
        title, content = 'listing', content_rowid = 'id', columnsize = 0, tokenize = 'trigram case_sensitive 0'
      )`.execute(trx);
    await sql`
      create trigger listing_title_search_insert after insert on listing begin
        insert into listing_title_search (rowid, title) values (new.id, new.title);
      end`.execute(trx);
    // An external-content index forgets a title only when told the title it indexed.
    await sql`
      create trigger listing_title_search_delete after delete on listing begin
        insert into listing_title_search (listing_title_search, rowid, title) values ('delete', old.id, old.title);
      end`.execute(trx);
    await sql`
      create trigger listing_title_search_update after update of title on listing begin
        insert into listing_title_search (listing_title_search, rowid, title) values ('delete', old.id, old.title);
        insert into listing_title_search (rowid, title) values (new.id, new.title);
      end`.execute(trx);
    await sql`insert into listing_title_search (listing_title_search) values ('rebuild')`.execute(trx);
  });
}
