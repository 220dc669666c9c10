import type { MessageKey } from "~/i18n/language-text";

/** Listing ids are PostgreSQL `integer`s: a larger number names no listing and must not reach a query. */
const MAX_LISTING_ID = 2_147_483_647;

/** A listing id from a URL or a message: a positive whole number in range, or null. */
export function parseListingId(value: unknown): number | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value);
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_LISTING_ID ? id : null;
}

/** Malformed, unknown and another seller's ids all get this answer: it never confirms a listing exists. */
export const NO_SUCH_LISTING = "listing.refused.noSuchListing" satisfies MessageKey;
