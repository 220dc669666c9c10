/**
 * What the listings page's filter form offers. Kept apart from the zod schema that reads them
 * (listing-filters.ts) so that the form's JavaScript does not carry zod to the browser.
 */
/** The orders the listings page offers, in the seller's words, with the column each sorts on. */
export const LISTING_SORTS = {
  newest: { label: "Newest first", column: "created_at", direction: "desc" },
  oldest: { label: "Oldest first", column: "created_at", direction: "asc" },
  price_asc: { label: "Price: lowest first", column: "price", direction: "asc" },
  price_desc: { label: "Price: highest first", column: "price", direction: "desc" },
  title_asc: { label: "Title: A to Z", column: "title", direction: "asc" },
  title_desc: { label: "Title: Z to A", column: "title", direction: "desc" },
} as const;

export type ListingSort = keyof typeof LISTING_SORTS;

export const DEFAULT_SORT: ListingSort = "newest";
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const LARGEST_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_SEARCH_LENGTH = 100;
