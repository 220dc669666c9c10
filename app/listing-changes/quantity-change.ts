import type { MessageKey, Text } from "~/i18n/language-text";
import type { ChangedField } from "~/db/schema";
import { priceProblemText, type BulkChange, type PriceProblem } from "./price-change";

/**
 * A listing's quantity as the hub changes it (decision 085): a whole number of items available,
 * from none (the listing stays, out of stock) to the most the hub stores. A quantity is typed as
 * digits only, so "1e20", "Infinity", "2.5" and "-1" are refused before any listing is read.
 */

/** The most items the hub stores for one listing: far above any real stock, far below PostgreSQL's integer. */
export const MAX_QUANTITY = 999_999;

export const QUANTITY_PROBLEMS = {
  below_zero: "quantity.problem.belowZero",
  above_maximum: "quantity.problem.aboveMaximum",
  ended: "quantity.problem.ended",
  unchanged: "quantity.problem.unchanged",
} as const satisfies Record<string, MessageKey>;

export type QuantityProblem = keyof typeof QUANTITY_PROBLEMS;

export type NewQuantity =
  { quantity: number; problem?: undefined } | { quantity?: undefined; problem: QuantityProblem };

/**
 * The bulk choices for quantities (decision 085, step 5): every selected listing's quantity set to
 * one number, or that many items added or taken off. `amount` is a number of items.
 */
export const QUANTITY_CHANGE_KINDS = {
  set_quantity: "bulk.kind.setQuantity",
  add_quantity: "bulk.kind.addQuantity",
  take_quantity: "bulk.kind.takeQuantity",
} as const satisfies Record<string, MessageKey>;

export type QuantityChangeKind = keyof typeof QUANTITY_CHANGE_KINDS;

export interface BulkQuantityChange {
  kind: QuantityChangeKind;
  /** Items: the new quantity, or how many to add or take off. */
  amount: number;
}

export const isQuantityKind = (kind: string): kind is QuantityChangeKind => Object.hasOwn(QUANTITY_CHANGE_KINDS, kind);

/** Whether a bulk change is of quantities, else of prices. */
export const isQuantityChange = (change: BulkChange): change is BulkQuantityChange => isQuantityKind(change.kind);

/** The listing's new quantity under a bulk change, or the reason it cannot take it (taking off more than it has is below zero). */
export function newQuantityOf(listing: { quantity: number; status: string }, change: BulkQuantityChange): NewQuantity {
  const quantity =
    change.kind === "set_quantity"
      ? change.amount
      : change.kind === "add_quantity"
        ? listing.quantity + change.amount
        : listing.quantity - change.amount;
  return typedQuantityOf(listing, quantity);
}

/** A quantity typed for the listing (on its page, in a file's row) as its new quantity, or the reason it cannot be. */
export function typedQuantityOf(listing: { quantity: number; status: string }, quantity: number): NewQuantity {
  if (listing.status === "ended") return { problem: "ended" };
  if (quantity < 0) return { problem: "below_zero" };
  if (quantity > MAX_QUANTITY) return { problem: "above_maximum" };
  if (quantity === listing.quantity) return { problem: "unchanged" };
  return { quantity };
}

/**
 * A quantity typed as text: ASCII digits only, at most nine (a number above MAX_QUANTITY is then
 * refused as above the most, by typedQuantityOf), spaces around allowed; anything else (a sign, a
 * decimal, an exponent, grouping, other scripts' digits) is undefined.
 */
export function parseQuantity(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** Why one field of a listing cannot take a change, in the seller's words; a price's limit in the listing's currency. */
export function itemProblemText(
  field: ChangedField,
  problem: string,
  currency: string,
  locale: string,
  text: Text,
): string {
  if (field === "quantity") return text(QUANTITY_PROBLEMS[problem as QuantityProblem], { max: MAX_QUANTITY });
  return priceProblemText(problem as PriceProblem, currency, locale, text);
}

/** The fields of a change as its page's words choose them: "price", "quantity", or "both". */
export function fieldsSelector(fields: readonly ChangedField[]): "price" | "quantity" | "both" {
  if (fields.length > 1) return "both";
  return fields[0] ?? "price";
}
