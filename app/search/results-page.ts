import { readPageOffset } from "~/http/page-offset";
import { DEFAULT_PAGE_SIZE } from "~/listings/listing-filter-options";

/** Listings a results page shows: as many as the listings page shows at first. */
export const RESULTS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** Listings the header's popup shows: the best few; "see all" leads to the rest. */
export const POPUP_LISTINGS = 5;

/** The parameter by which the header's popup asks for its few listings, uncounted (search.server.ts). */
export const POPUP_PARAMETER = "popup";

/**
 * Which listings a request to the search route wants: a counted page of them from `offset`
 * (anything but a whole number from 0 is the first page), or the popup's few.
 */
export function readSearchRange(query: URLSearchParams): { offset: number; limit: number; popup: boolean } {
  if (query.has(POPUP_PARAMETER)) return { offset: 0, limit: POPUP_LISTINGS, popup: true };
  return { offset: readPageOffset(query), limit: RESULTS_PAGE_SIZE, popup: false };
}
