import { z } from "zod";
import { readSearchText } from "~/search/search-text";
import { conditionParameter, keysOf, statusParameter } from "./listing-field-schemas";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  LARGEST_PAGE_SIZE,
  LISTING_SORTS,
  PAGE_SIZES,
} from "./listing-filter-options";

/** The smallest offered page size that holds `limit` rows; nonsense gets the default. */
function pageSizeFor(limit: number): number {
  if (!(limit > 0)) return DEFAULT_PAGE_SIZE;
  return PAGE_SIZES.find((size) => size >= limit) ?? LARGEST_PAGE_SIZE;
}

/**
 * The listings page's query parameters. Never fails: an unknown status, condition or sort is
 * ignored, a negative or malformed offset becomes 0, a limit is rounded up to an offered page
 * size (at most 100), and search text is read as the hub's search reads it (`readSearchText`:
 * without control characters, trimmed, at most 100 characters).
 */
export const listingFiltersSchema = z.object({
  status: statusParameter,
  condition: conditionParameter,
  q: z
    .string()
    // As the hub's search reads it, so a text typed there finds the same titles here: a tab or a
    // line break as a space, any other control left out (no title holds one, and PostgreSQL
    // refuses NUL), spaces run together, cut by characters, never inside one (cut by UTF-16 units, 99 letters and an emoji left half
    // an emoji, which SQLite took as U+FFFD and found nothing; an audit of 2026-11-29).
    .transform((text) => readSearchText(text).text || undefined)
    .optional()
    .catch(undefined),
  /** The listings of one product, by its ePID (a whole number of up to 20 digits): the search's way to all of them. */
  epid: z
    .string()
    .regex(/^\d{1,20}$/)
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
