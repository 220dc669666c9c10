import { z } from "zod";
import { LISTING_CONDITIONS, LISTING_STATUSES } from "./listing-fields";

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
export type SortColumn = (typeof LISTING_SORTS)[ListingSort]["column"];

export const DEFAULT_SORT: ListingSort = "newest";
export const PAGE_SIZES = [10, 20, 50, 100] as const;
const LARGEST_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_SEARCH_LENGTH = 100;

const keysOf = <T extends object>(record: T) => Object.keys(record) as [keyof T & string, ...Array<keyof T & string>];

/** The smallest offered page size that holds `limit` rows; nonsense gets the default. */
function pageSizeFor(limit: number): number {
  if (!(limit > 0)) return DEFAULT_PAGE_SIZE;
  return PAGE_SIZES.find((size) => size >= limit) ?? LARGEST_PAGE_SIZE;
}

/**
 * The listings page's query parameters. Never fails: an unknown status, condition or sort is
 * ignored, a negative or malformed offset becomes 0, a limit is rounded up to an offered page
 * size (at most 100), and search text is trimmed and cut to 100 characters.
 */
export const listingFiltersSchema = z.object({
  status: z.enum(keysOf(LISTING_STATUSES)).optional().catch(undefined),
  condition: z.enum(keysOf(LISTING_CONDITIONS)).optional().catch(undefined),
  q: z
    .string()
    .transform((text) => text.trim().slice(0, MAX_SEARCH_LENGTH) || undefined)
    .optional()
    .catch(undefined),
  sort: z.enum(keysOf(LISTING_SORTS)).catch(DEFAULT_SORT),
  offset: z.coerce.number().int().nonnegative().catch(0),
  limit: z.coerce.number().transform(pageSizeFor).catch(DEFAULT_PAGE_SIZE),
});

export type ListingFilters = z.infer<typeof listingFiltersSchema>;

export function parseListingFilters(query: URLSearchParams): ListingFilters {
  return listingFiltersSchema.parse(Object.fromEntries(query));
}
