/**
 * What the listings page's filter form offers. Kept apart from the zod schema that reads them
 * (listing-filters.ts) so that the form's JavaScript does not carry zod to the browser.
 */
import type { MessageKey } from "~/i18n/language-text";

/** The orders the listings page offers, in the seller's words (catalogue keys), with the column each sorts on. */
export const LISTING_SORTS = {
  newest: { label: "listings.sort.newest", column: "created_at", direction: "desc" },
  oldest: { label: "listings.sort.oldest", column: "created_at", direction: "asc" },
  price_asc: { label: "listings.sort.priceAsc", column: "price", direction: "asc" },
  price_desc: { label: "listings.sort.priceDesc", column: "price", direction: "desc" },
  // Case and accents aside, as a reader sorts (migration 0021).
  title_asc: { label: "listings.sort.titleAsc", column: "folded_title", direction: "asc" },
  title_desc: { label: "listings.sort.titleDesc", column: "folded_title", direction: "desc" },
} as const satisfies Record<string, { label: MessageKey; column: string; direction: "asc" | "desc" }>;

export type ListingSort = keyof typeof LISTING_SORTS;

export const DEFAULT_SORT: ListingSort = "newest";
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const LARGEST_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_SEARCH_LENGTH = 100;
