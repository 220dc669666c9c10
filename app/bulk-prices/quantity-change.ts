import type { MessageKey, Text } from "~/i18n/language-text";
import type { ChangedField } from "~/db/schema";
import { priceProblemText, type PriceProblem } from "./price-change";

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
