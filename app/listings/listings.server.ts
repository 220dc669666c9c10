import { sql, type Kysely, type SelectQueryBuilder } from "kysely";
import type { Database } from "~/db/database.server";
import type { DatabaseSchema, Listing } from "~/db/schema";
import { searchFold } from "~/search/search-fold";
import { LISTING_SORTS } from "./listing-filter-options";
import type { ListingFilters } from "./listing-filters";
import { searchesTitleIndexFirst, titleIndexFinds } from "./title-index.server";
import { shownPageOffset } from "~/http/page-offset";

export type ListingRow = Pick<
  Listing,
  "id" | "title" | "price" | "currency" | "condition" | "status" | "quantity" | "sold"
>;

export interface ListingsPage {
  listings: ListingRow[];
  /** How many of the seller's listings match the filters. */
  total: number;
  /** The offset actually shown: one past the end is corrected to the last page. */
  offset: number;
  limit: number;
}

type ListingQuery = SelectQueryBuilder<DatabaseSchema, "listing", object>;

/**
 * The seller's listings that match the filters, as a query to count or to page through. With
 * `fromTitleIndex` (SQLite, see `searchesTitleIndexFirst`) it reads the few listings the title
 * index finds, by id, rather than every listing of the seller.
 */
export function matchingListings(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  filters: ListingFilters,
  fromTitleIndex = false,
): ListingQuery {
  return db
    .selectFrom("listing")
    .where(fromTitleIndex ? sellerNotIndexed : "seller_id", "=", sellerId)
    .where((eb) => eb.and(statusAndCondition(filters)))
    .$if(filters.q !== undefined, (query) => query.where(titleContains(filters.q as string)))
    .$if(filters.epid !== undefined, (query) => query.where("epid", "=", filters.epid as string))
    .$if(fromTitleIndex, (query) => query.where("id", "in", titleIndexFinds(db, filters.q as string)));
}

/**
 * SQLite's unary + keeps a term off the indexes. Without statistics its planner takes any seller
 * to have a few listings, and would walk all of the seller's rather than the few the title index
 * found.
 */
const sellerNotIndexed = sql<number>`+seller_id`;

/** The status and the condition when the filters name them: listings and tallies alike. */
function statusAndCondition({ status, condition }: ListingFilters) {
  return { ...(status && { status }), ...(condition && { condition }) };
}

/**
 * Whatever the case and the accents, on both dialects: the title as `search_fold` folds it, kept
 * by the database in `folded_title` (migration 0019), against the text folded the same way
 * (app/search/search-fold.ts). The seller's % and _ are letters, not wildcards.
 */
function titleContains(text: string) {
  const pattern = `%${searchFold(text).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql<boolean>`${sql.ref("folded_title")} like ${pattern} escape '\\'`;
}

/** The ids of one page, in order: a query the indexes answer without reading the rows. */
export function listingIdsPage(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  filters: ListingFilters,
  offset: number,
  fromTitleIndex = false,
) {
  const { column, direction } = LISTING_SORTS[filters.sort];
  return matchingListings(db, sellerId, filters, fromTitleIndex)
    .select("id")
    .orderBy(column, direction)
    .orderBy("id", direction)
    .limit(filters.limit)
    .offset(offset);
}

/**
 * One page of the seller's listings. Finding the page's ids uses the indexes alone; only the
 * page's rows are read, so a deep page of 100,000 listings costs an index walk, not a table scan.
 * A search the title index narrows reads only the listings it finds.
 */
export async function findListingsPage(
  database: Database,
  sellerId: number,
  filters: ListingFilters,
): Promise<ListingsPage> {
  const { db } = database;
  const fromTitleIndex = filters.q !== undefined && (await searchesTitleIndexFirst(database, filters.q));
  const count = await countMatchingListings(db, sellerId, filters, fromTitleIndex);
  const offset = shownPageOffset(filters.offset, count, filters.limit);
  const { column, direction } = LISTING_SORTS[filters.sort];
  const listings = await db
    .selectFrom("listing")
    .select(["id", "title", "price", "currency", "condition", "status", "quantity", "sold"])
    .where("id", "in", listingIdsPage(db, sellerId, filters, offset, fromTitleIndex))
    .orderBy(column, direction)
    .orderBy("id", direction)
    .execute();
  return { listings, total: count, offset, limit: filters.limit };
}

/**
 * Without a title search or a product the seller's tallies (migration 0008) hold the count in a few rows,
 * however many listings match; a search counts its matches.
 */
async function countMatchingListings(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  filters: ListingFilters,
  fromTitleIndex: boolean,
): Promise<number> {
  const counted =
    filters.q === undefined && filters.epid === undefined
      ? db
          .selectFrom("listing_tally")
          .where("seller_id", "=", sellerId)
          .where((eb) => eb.and(statusAndCondition(filters)))
          .select((eb) => eb.fn.sum<number | null>("listings").as("total"))
      : matchingListings(db, sellerId, filters, fromTitleIndex).select((eb) => eb.fn.countAll<number>().as("total"));
  const { total } = await counted.executeTakeFirstOrThrow();
  return Number(total ?? 0);
}

/** The seller's own listing; another seller's is as absent as one that does not exist. */
export async function findSellerListing(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  listingId: number,
): Promise<Listing | undefined> {
  return db
    .selectFrom("listing")
    .selectAll()
    .where("id", "=", listingId)
    .where("seller_id", "=", sellerId)
    .executeTakeFirst();
}

/**
 * The seller's lowest-priced listing of a product with the given condition and status, if any:
 * in `currency` if one is, else in the currency of the lowest-priced among those that match.
 * Prices of two currencies do not compare: ¥1,500 is 1,500 minor units, "below" $20.00's 2,000.
 */
export async function findLowestPricedListing(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  epid: string,
  currency: string,
  filters: { condition?: string; status?: string },
): Promise<Listing | undefined> {
  const inCurrency = await lowestPricedIn(db, sellerId, epid, currency, filters);
  if (inCurrency) return inCurrency;
  // None in that currency: the seller's listings in another are still theirs to see, compared
  // with their own currency's only.
  const any = await lowestPricedIn(db, sellerId, epid, undefined, filters);
  return any && lowestPricedIn(db, sellerId, epid, any.currency, filters);
}

function lowestPricedIn(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  epid: string,
  currency: string | undefined,
  { condition, status }: { condition?: string; status?: string },
): Promise<Listing | undefined> {
  return db
    .selectFrom("listing")
    .selectAll()
    .where("seller_id", "=", sellerId)
    .where("epid", "=", epid)
    .$if(currency !== undefined, (query) => query.where("currency", "=", currency as string))
    .$if(condition !== undefined, (query) => query.where("condition", "=", condition as string))
    .$if(status !== undefined, (query) => query.where("status", "=", status as string))
    .orderBy("price")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}
