/** The values a listing's condition and status take, with the words sellers see. */
export const LISTING_CONDITIONS = {
  new: "New",
  open_box: "Open box",
  refurbished: "Certified refurbished",
  used: "Used",
  for_parts: "For parts or not working",
} as const;

export const LISTING_STATUSES = {
  active: "Active",
  out_of_stock: "Out of stock",
  scheduled: "Scheduled",
  ended: "Ended",
} as const;

export type ListingCondition = keyof typeof LISTING_CONDITIONS;
export type ListingStatus = keyof typeof LISTING_STATUSES;

export function isListingCondition(value: string): value is ListingCondition {
  return Object.hasOwn(LISTING_CONDITIONS, value);
}

export function isListingStatus(value: string): value is ListingStatus {
  return Object.hasOwn(LISTING_STATUSES, value);
}
