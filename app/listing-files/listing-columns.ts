import type { MessageKey } from "~/i18n/language-text";

/**
 * The columns of a listings file, in order, each headed in the seller's language. The export
 * writes all of them; docs/product/listing-files.md describes each.
 */
export const LISTING_FILE_COLUMNS = [
  "listingNumber",
  "epid",
  "title",
  "condition",
  "status",
  "price",
  "currency",
  "quantity",
  "sold",
  "priceVersion",
  "quantityVersion",
] as const;

export type ListingFileColumn = (typeof LISTING_FILE_COLUMNS)[number];

export const COLUMN_HEADINGS = {
  listingNumber: "listingFiles.column.listingNumber",
  epid: "listingFiles.column.epid",
  title: "listingFiles.column.title",
  condition: "listingFiles.column.condition",
  status: "listingFiles.column.status",
  price: "listingFiles.column.price",
  currency: "listingFiles.column.currency",
  quantity: "listingFiles.column.quantity",
  sold: "listingFiles.column.sold",
  priceVersion: "listingFiles.column.priceVersion",
  quantityVersion: "listingFiles.column.quantityVersion",
} as const satisfies Record<ListingFileColumn, MessageKey>;
