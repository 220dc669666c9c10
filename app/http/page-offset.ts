/**
 * The `offset` of a paged list from its address: a whole number from 0 that a database can take
 * (`1e20`, `Infinity`, `2.5`, `-1` and words are the first page). JavaScript's safe integers fit
 * both databases' `OFFSET` (a 64-bit integer); past 2^53 a number is no longer exact anyway.
 */
export function readPageOffset(query: URLSearchParams): number {
  const offset = Number(query.get("offset") ?? 0);
  return Number.isSafeInteger(offset) && offset > 0 ? offset : 0;
}

/**
 * The offset of the page shown for `offset`: an offset past the end shows the last page, not an
 * empty one (decision 032), as a link kept from a longer list leads past it.
 */
export function shownPageOffset(offset: number, total: number, limit: number): number {
  if (offset < total) return offset;
  return total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
}
