import type { Kysely } from "kysely";
import type { Database } from "~/db/database.server";
import type { DatabaseSchema, Listing } from "~/db/schema";
import { parseListingId } from "~/listings/listing-id";
import { parseListingFilters } from "~/listings/listing-filters";
import { listingIdsPage, matchingListings } from "~/listings/listings.server";
import { searchesTitleIndexFirst } from "~/listings/title-index.server";
import { findCurrentMessages, messagesShownAtLoad } from "~/messages/messages.server";
import { hasOptedOut, isPageOf, LISTINGS_TOOL } from "~/opt-out/opt-out.server";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { SOURCE_LANGUAGE, type Language } from "~/i18n/languages";
import { findHubPages, type HubPage } from "./hub-pages";
import { searchFold } from "./search-fold";
import { may, permissionFor } from "~/team/policy";
import type { Role } from "~/team/roles";

export type ListingHit = Pick<Listing, "id" | "epid" | "title" | "price" | "currency" | "status" | "condition">;

/** One of the seller's current messages whose title holds the text; it shows on the overview. */
export interface MessageHit {
  messageId: string;
  title: string;
  url: string;
}

export interface ListingResults {
  /** The listing with this number and the listings of this product (ePID): the best matches, on the first page only. */
  byNumber: ListingHit[];
  /** Listings whose title holds the text, newest first, one page of them. */
  byTitle: ListingHit[];
  /**
   * How many listings' titles hold the text, counted up to COUNTED_AT_MOST (`isMore`: there are
   * more); null when not counted, for the header's popup, which shows a few and links to the rest.
   */
  titleCount: { total: number; isMore: boolean } | null;
  /** When the text is an ePID the seller lists: how many of their listings are of that product (all reachable on the listings page). */
  product: { epid: string; total: number } | null;
  offset: number;
  limit: number;
}

export interface HubSearchResults {
  text: string;
  listings: ListingResults;
  pages: HubPage[];
  messages: MessageHit[];
}

/**
 * Counting stops here: a search is for finding a few listings, and a common word found in
 * 12,000 of a large seller's titles would cost a read of every one of them (decision 035) to say
 * so. Beyond it the seller is told "200+" and offered the listings page's filters.
 */
export const COUNTED_AT_MOST = 200;

export interface SearchRange {
  offset?: number;
  limit: number;
  /** The request's cookies: a message the seller closed for good, or whose views ran out, is not offered. */
  cookieHeader?: string | null;
  /**
   * For the header's popup, asked at every pause in typing: title matches are not counted, and
   * are looked for from POPUP_TITLES_FROM characters.
   */
  popup?: boolean;
  /** The seller's language: the hub's pages found (their labels, and the words that find them), and the messages' texts. */
  language?: Language;
  /** The member's role: only the pages it may open are offered (decision 086). */
  role: Role;
}

/**
 * The title index reads text of 3 characters or more (decision 035). Shorter text reads every
 * title of the seller: 28 ms of CPU for an absent "zq" at 100,000 listings, too much for each
 * pause in typing. The results page, asked for once, still searches it.
 */
export const POPUP_TITLES_FROM = 3;

/** A product's listings found by its ePID are a handful; beyond this the title results page through them. */
const BY_NUMBER_AT_MOST = 5;

const LISTING_HIT_COLUMNS = ["id", "epid", "title", "price", "currency", "status", "condition"] as const;

/**
 * The signed-in seller's listings, the hub's pages and the seller's current messages that the
 * text names. `limit` listings from `offset` of those whose title holds it; the header's popup
 * asks for a few, uncounted, the results page for a counted page.
 */
export async function searchHub(
  database: Database,
  sellerId: number,
  text: string,
  { offset = 0, limit, popup = false, cookieHeader = null, language = SOURCE_LANGUAGE, role }: SearchRange,
): Promise<HubSearchResults> {
  const noListings = {
    byNumber: [],
    byTitle: [],
    titleCount: popup ? null : { total: 0, isMore: false },
    product: null,
    offset: 0,
    limit,
  };
  if (text === "") return { text, listings: noListings, pages: [], messages: [] };
  // A seller who switched to the previous listings tool is sent there by every page of this one:
  // the search offers none of them rather than links that lead away.
  const onPreviousTool = await hasOptedOut(database.db, sellerId, LISTINGS_TOOL);
  const [listings, messages] = await Promise.all([
    onPreviousTool ? noListings : searchListings(database, sellerId, text, { offset, limit, popup }),
    findMessages(database, sellerId, text, cookieHeader, language),
  ]);
  const pages = findHubPages(text, textOfLanguage(language).text).filter(
    (page) => (!onPreviousTool || !isPageOf(LISTINGS_TOOL, page.url)) && mayOpen(role, page.url),
  );
  return { text, listings, pages, messages };
}

async function searchListings(
  database: Database,
  sellerId: number,
  text: string,
  { offset = 0, limit, popup }: Omit<SearchRange, "role">,
): Promise<ListingResults> {
  const { db } = database;
  // The listings page's own reading of a search text: the same title search, the same limits.
  const filters = { ...parseListingFilters(new URLSearchParams({ q: text })), limit, sort: "newest" as const };
  const byNumber = offset === 0 ? await findByNumber(database, sellerId, text) : [];
  const product = byNumber.some((listing) => listing.epid === text)
    ? { epid: text, total: await countOfProduct(db, sellerId, text) }
    : null;
  if (popup && [...text].length < POPUP_TITLES_FROM)
    return { byNumber, byTitle: [], titleCount: null, product, offset: 0, limit };
  const fromTitleIndex = await searchesTitleIndexFirst(database, text);
  const found = popup ? null : await countTitles();
  const titleCount =
    found === null ? null : { total: Math.min(found, COUNTED_AT_MOST), isMore: found > COUNTED_AT_MOST };
  const pageOffset =
    titleCount === null
      ? offset
      : Math.min(offset, titleCount.total === 0 ? 0 : Math.floor((titleCount.total - 1) / limit) * limit);
  const byTitle =
    titleCount?.total === 0
      ? []
      : await db
          .selectFrom("listing")
          .select(LISTING_HIT_COLUMNS)
          .where("id", "in", listingIdsPage(db, sellerId, filters, pageOffset, fromTitleIndex))
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .execute();
  const numbered = new Set(byNumber.map((listing) => listing.id));
  return {
    byNumber,
    byTitle: byTitle.filter((listing) => !numbered.has(listing.id)),
    titleCount,
    product,
    offset: pageOffset,
    limit,
  };

  /** Matches up to one past the cap: a common word stops the scan early. */
  async function countTitles(): Promise<number> {
    const { total } = await db
      .selectFrom(
        matchingListings(db, sellerId, filters, fromTitleIndex)
          .select("id")
          .limit(COUNTED_AT_MOST + 1)
          .as("found"),
      )
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow();
    return Number(total);
  }
}

/**
 * A listing number names one listing, by the primary key; an ePID names a product, by the
 * seller's ePID index (migration 0013). Both are whole numbers, so other text skips them.
 */
async function findByNumber({ db }: Database, sellerId: number, text: string): Promise<ListingHit[]> {
  if (!/^\d{1,20}$/.test(text)) return [];
  const id = parseListingId(text);
  const [byId, byEpid] = await Promise.all([
    id === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom("listing")
          .select(LISTING_HIT_COLUMNS)
          .where("id", "=", id)
          .where("seller_id", "=", sellerId)
          .executeTakeFirst(),
    listingsOfProduct(db, sellerId, text).execute(),
  ]);
  return [...(byId ? [byId] : []), ...byEpid.filter((listing) => listing.id !== byId?.id)];
}

/** The seller's newest few listings of a product, by its ePID: read from the seller's ePID index. */
export function listingsOfProduct(db: Kysely<DatabaseSchema>, sellerId: number, epid: string) {
  return db
    .selectFrom("listing")
    .select(LISTING_HIT_COLUMNS)
    .where("seller_id", "=", sellerId)
    .where("epid", "=", epid)
    .orderBy("id", "desc")
    .limit(BY_NUMBER_AT_MOST);
}

/** How many of the seller's listings are of the product: the seller's ePID index (migration 0013) counts them. */
async function countOfProduct(db: Kysely<DatabaseSchema>, sellerId: number, epid: string): Promise<number> {
  const { total } = await db
    .selectFrom("listing")
    .where("seller_id", "=", sellerId)
    .where("epid", "=", epid)
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The seller's few messages showing now, by a title that holds the text; they show on the overview. */
async function findMessages(
  { db }: Database,
  sellerId: number,
  text: string,
  cookieHeader: string | null,
  language: Language,
): Promise<MessageHit[]> {
  const wanted = searchFold(text);
  return messagesShownAtLoad(await findCurrentMessages(db, sellerId, language), cookieHeader)
    .filter((message) => message.title !== undefined && searchFold(message.title).includes(wanted))
    .map((message) => ({ messageId: message.config.messageId, title: message.title as string, url: "/sh/ovw" }));
}

/** Whether the role may open a page of the hub's (a path of its own, perhaps with a query or a fragment). */
function mayOpen(role: Role, url: string): boolean {
  const permission = permissionFor(new URL(url, "http://hub").pathname, "GET");
  return permission !== undefined && may(role, permission);
}
