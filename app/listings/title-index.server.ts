import type { Kysely } from "kysely";
import type { Database } from "~/db/database.server";
import type { DatabaseSchema } from "~/db/schema";
import { searchFold } from "~/search/search-fold";

/**
 * SQLite's trigram index of listing titles (migrations 0009 and 0019), which finds every seller's
 * listings whose title contains a text, whatever its case and accents. PostgreSQL's planner reads its own trigram index
 * by itself; SQLite's, a virtual table, has to be asked (decisions 035 and 071).
 */

/**
 * A search the index finds in at most this many listings, of all sellers, reads them by id: about
 * 1 ms, what reading the titles of a seller with 5,000 listings costs. A common word, found in
 * more, reads the seller's titles as before the index: a title costs about a fifth of a listing
 * read by id, and a seller with few listings has few titles to read.
 */
const FEW_FOUND = 1_000;

/** Whether the listings page reads a search's listings from the title index first, on SQLite. */
export async function searchesTitleIndexFirst({ db, dialect }: Database, text: string): Promise<boolean> {
  return dialect === "sqlite" && suitsTheIndex(text) && (await indexFindsFew(db, text));
}

/**
 * 3 characters or more (code points, as the tokenizer counts them): shorter text has no trigram
 * and finds nothing. (Search text holds no NUL, which would end the phrase early in the index's
 * query language: the listing filters drop control characters.)
 */
function suitsTheIndex(text: string): boolean {
  return [...searchFold(text)].length >= 3;
}

async function indexFindsFew(db: Kysely<DatabaseSchema>, text: string): Promise<boolean> {
  const { found } = await db
    .selectFrom(
      titleIndexFinds(db, text)
        .limit(FEW_FOUND + 1)
        .as("finds"),
    )
    .select((eb) => eb.fn.countAll<number>().as("found"))
    .executeTakeFirstOrThrow();
  return Number(found) <= FEW_FOUND;
}

/** The virtual table, on SQLite only; its hidden column of its own name takes MATCH. */
type TitleIndexTables = {
  listing_title_search: { rowid: number; folded_title: string; listing_title_search: string };
};

/**
 * The ids of the listings whose title contains the text, of every seller: the index holds the
 * titles folded (`search_fold`), and the text is folded the same way. A phrase in MATCH takes the
 * text literally, % and _ included (LIKE with an ESCAPE clause is never handed to the index). The
 * search keeps its LIKE to decide.
 */
export function titleIndexFinds(db: Kysely<DatabaseSchema>, text: string) {
  const phrase = `"${searchFold(text).replaceAll('"', '""')}"`;
  return db
    .withTables<TitleIndexTables>()
    .selectFrom("listing_title_search")
    .select("rowid")
    .where("listing_title_search", "match", phrase);
}
