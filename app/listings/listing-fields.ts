import type { MessageKey, Text } from "~/i18n/language-text";

/** The values a listing's condition and status take, with the words sellers see (their catalogue keys). */
export const LISTING_CONDITIONS = {
  new: "listing.condition.new",
  open_box: "listing.condition.openBox",
  refurbished: "listing.condition.refurbished",
  used: "listing.condition.used",
  for_parts: "listing.condition.forParts",
} as const satisfies Record<string, MessageKey>;

export const LISTING_STATUSES = {
  active: "listing.status.active",
  out_of_stock: "listing.status.outOfStock",
  scheduled: "listing.status.scheduled",
  ended: "listing.status.ended",
} as const satisfies Record<string, MessageKey>;

/** The banners a listing may carry on the marketplace (migration 0024 made them codes). */
export const LISTING_BANNERS = {
  price_drop: "listing.banner.priceDrop",
  ending_soon: "listing.banner.endingSoon",
  best_offer: "listing.banner.bestOffer",
} as const satisfies Record<string, MessageKey>;

export type ListingCondition = keyof typeof LISTING_CONDITIONS;
export type ListingStatus = keyof typeof LISTING_STATUSES;

export function isListingCondition(value: string): value is ListingCondition {
  return Object.hasOwn(LISTING_CONDITIONS, value);
}

export function isListingStatus(value: string): value is ListingStatus {
  return Object.hasOwn(LISTING_STATUSES, value);
}

/** A condition in the seller's words; a value the hub does not know is shown as stored. */
export function conditionLabel(condition: string, text: Text): string {
  return isListingCondition(condition) ? text(LISTING_CONDITIONS[condition]) : condition;
}

/** A status in the seller's words; a value the hub does not know is shown as stored. */
export function statusLabel(status: string, text: Text): string {
  return isListingStatus(status) ? text(LISTING_STATUSES[status]) : status;
}

/**
 * A listing's banner in the seller's words, or none: a listing that has ended is no longer
 * "Ending soon", nor on offer. A banner the hub does not know is shown as stored.
 */
export function bannerLabel(listing: { banner_status: string | null; status: string }, text: Text): string | undefined {
  const banner = listing.banner_status;
  if (!banner || listing.status === "ended") return undefined;
  return Object.hasOwn(LISTING_BANNERS, banner)
    ? text(LISTING_BANNERS[banner as keyof typeof LISTING_BANNERS])
    : banner;
}
