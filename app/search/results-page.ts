import { DEFAULT_PAGE_SIZE } from "~/listings/listing-filter-options";

/** Listings a results page shows: as many as the listings page shows at first. */
export const RESULTS_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** The offset of a results page; anything but a whole number from 0 is the first page. */
export function readResultsOffset(value: string | null): number {
  const offset = Number(value ?? 0);
  return Number.isSafeInteger(offset) && offset >= 0 ? offset : 0;
}
