import type { ListingCondition, ListingStatus } from "~/listings/listing-fields";
import type { QueryChange } from "~/refiltering/rebuild-query";
import type { ConditionChange } from "./frame-messages";

export const PRODUCT_SUMMARY_PATH = "/sh/prod-summary";

/** What the product summary shows for a listing: its item, or the seller's listing found by the filters. */
export interface SummaryFilters {
  /** The listing to summarise; without it, the seller's lowest-priced listing of the product that matches. */
  itemId?: number;
  /** The condition to compare prices with (and, without an item, to find the listing by). */
  condition?: ListingCondition;
  /** Without an item, the status of the listing to summarise. */
  status?: ListingStatus;
}

/** The frame's address: the listing the detail page shows, and its filters. */
export function productSummaryUrl(listingId: number, { itemId, condition, status }: SummaryFilters): string {
  const query = new URLSearchParams({ listingId: String(listingId) });
  if (itemId !== undefined) query.set("itemId", String(itemId));
  if (condition) query.set("condition", condition);
  if (status) query.set("status", status);
  return `${PRODUCT_SUMMARY_PATH}?${query}`;
}

/**
 * The listing page's own address for these filters: the condition and the status the seller
 * chose (the item follows from them), so that a reload, Back or a shared link shows the same.
 */
export function listingPageQuery({ condition, status }: SummaryFilters): string {
  const query = new URLSearchParams();
  if (condition) query.set("condition", condition);
  if (status) query.set("status", status);
  const search = query.toString();
  return search ? `?${search}` : "";
}

/** docs/product/behaviour.md: on a condition change, if the changed field is not condition, itemId is cleared. */
export function itemIdAfterChange<T>(fieldChanged: string, itemId: T): T | undefined {
  return fieldChanged === "condition" ? itemId : undefined;
}

/** The frame's re-filtering for a conditionChange: every filter key as the parent has it, and the item kept or cleared. */
export function conditionChangeQuery(change: ConditionChange): QueryChange[] {
  return [
    ["condition", change.condition],
    ["status", change.status],
    ["itemId", itemIdAfterChange(change.fieldChanged, change.itemId)],
  ];
}
