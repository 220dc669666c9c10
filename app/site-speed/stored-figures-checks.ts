/**
 * The checks by hand of the summaries' stored JSON (docs/decisions/089): a dashboard view reads
 * thousands of summaries, and a zod schema took twice as long. Used by `log-histogram.ts` and
 * `page-view-figures.ts`, which throw `StoredFiguresError` on the first value that fails.
 */

/** Stored figures that do not read: changed by hand, or written otherwise by another build. */
export class StoredFiguresError extends Error {
  override name = "StoredFiguresError";
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A whole number of things counted: 0 or more, and exact. */
export const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** A moment as the hub stores one: milliseconds since 1970, a fraction allowed (a beacon's age is measured). */
export const isMoment = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0;
