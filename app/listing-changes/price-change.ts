import type { MessageKey, Text } from "~/i18n/language-text";
import { decimalMark, formatMoney, minorUnitsPerMajor, plainAmount } from "~/money/format-money";
import type { BulkQuantityChange, QuantityChangeKind } from "./quantity-change";

/**
 * A bulk price change as the seller chose it, and what it makes of one listing's price. Pure, so
 * the preview and the apply compute the same thing (the preview stores each new price; the apply
 * writes exactly those), and the property tests can try any price against any change.
 *
 * Money is integer minor units throughout. The seller types amounts in major units with up to two
 * decimals; they are kept as hundredths (`amount`), never as floating-point numbers, and turned
 * into each listing's own minor units when the listing's currency is known.
 */

/**
 * The highest price the hub stores, in minor units of the listing's currency: 999,999.99 in a
 * currency with cents, ¥99,999,999, 99,999.999 dinars. PostgreSQL's integer holds it with room.
 */
export const MAX_PRICE = 99_999_999;

/** A percentage raise above this is refused as a typing slip: ten times the price. */
export const MAX_PERCENT_RAISE = 1_000;

export const PRICE_CHANGE_KINDS = {
  raise_amount: "bulk.kind.raiseAmount",
  lower_amount: "bulk.kind.lowerAmount",
  raise_percent: "bulk.kind.raisePercent",
  lower_percent: "bulk.kind.lowerPercent",
  set_price: "bulk.kind.setPrice",
} as const satisfies Record<string, MessageKey>;

export type PriceChangeKind = keyof typeof PRICE_CHANGE_KINDS;

/**
 * A price typed on the listing's own page: a change of one listing, kept with the bulk changes so
 * it has the same conflict check, undo and history. Not one of the choices of a bulk change.
 */
export const LISTING_PAGE_CHANGE = "listing_page";

/**
 * Prices brought in from a listings file (app/listing-files/): each listing's new price is its
 * row's, stored on its item; the change's `amount` is unused (0).
 */
export const FILE_CHANGE = "file";

/** The kinds a change may be stored with: the bulk choices, and the two that set each value as typed. */
export type StoredChangeKind = PriceChangeKind | QuantityChangeKind | typeof LISTING_PAGE_CHANGE | typeof FILE_CHANGE;

/**
 * Endings offered for rounding, in hundredths of the major unit: the prices sellers reprice to
 * most. In a currency of three decimals .99 is .990; in one without decimals only .00 (a whole price) exists.
 */
export const PRICE_ENDINGS = [99, 95, 49, 0] as const;

/** An ending a seller in `currency` can round to: its value (hundredths, as sent) and its name. */
export interface EndingOption {
  value: number;
  label: string;
}

/** The endings the currency has: in yen only a whole price; in dinars .99 is .990. */
export function endingsFor(currency: string, text: Text): EndingOption[] {
  const perMajor = minorUnitsPerMajor(currency);
  const digits = Math.round(Math.log10(perMajor));
  return PRICE_ENDINGS.flatMap((ending) => {
    const minor = inMinorUnits(ending, perMajor);
    if (minor === undefined) return [];
    const label =
      digits === 0
        ? text("bulk.ending.whole")
        : text("bulk.ending.to", { ending: `.${String(minor).padStart(digits, "0")}` });
    return [{ value: ending, label }];
  });
}

export interface PriceChange {
  kind: StoredChangeKind;
  /**
   * Hundredths: of the currency's major unit for amounts and set prices (250 is 2.50), of a per cent
   * for percentages (1250 is 12.5%). A price typed on the listing's page is the new price itself, in
   * minor units of that listing's currency: a change of one listing knows its currency, and 12.345
   * dinars are no whole number of hundredths. A change of quantities counts items.
   */
  amount: number;
  /**
   * Round each new price to the nearest price ending in these cents (99 is x.99), never against a
   * raise or a cut (`newPriceOf`); undefined: no rounding.
   */
  ending?: number;
}

/** A change of prices chosen in the bulk tool: one rule for every selected listing. */
export type BulkPriceChange = PriceChange & { kind: PriceChangeKind };

/** A change chosen in the bulk tool, of prices or of quantities. */
export type BulkChange = BulkPriceChange | BulkQuantityChange;

/** Why a listing's price cannot take the change. */
export const PRICE_PROBLEMS = {
  not_positive: "bulk.problem.notPositive",
  above_maximum: "bulk.problem.aboveMaximum",
  ended: "bulk.problem.ended",
  unchanged: "bulk.problem.unchanged",
  no_cents: "bulk.problem.noCents",
} as const satisfies Record<string, MessageKey>;

export type PriceProblem = keyof typeof PRICE_PROBLEMS;

/** Why a listing's price cannot take the change, with the hub's limit in the listing's currency. */
export function priceProblemText(problem: PriceProblem, currency: string, locale: string, text: Text): string {
  return text(PRICE_PROBLEMS[problem], { max: formatMoney(MAX_PRICE, currency, locale) });
}

export type NewPrice = { price: number; problem?: undefined } | { price?: undefined; problem: PriceProblem };

export interface PricedListing {
  /** Minor units of `currency`. */
  price: number;
  currency: string;
  status: string;
}

/** The listing's new price under a bulk change, or the reason it cannot take it. */
export function newPriceOf(listing: PricedListing, change: BulkPriceChange): NewPrice {
  if (listing.status === "ended") return { problem: "ended" };
  const perMajor = minorUnitsPerMajor(listing.currency);
  const amount = inMinorUnits(change.amount, perMajor);
  const percent = change.kind === "raise_percent" || change.kind === "lower_percent";
  if (!percent && amount === undefined) return { problem: "no_cents" };
  let price: number;
  switch (change.kind) {
    case "raise_amount":
      price = listing.price + (amount as number);
      break;
    case "lower_amount":
      price = listing.price - (amount as number);
      break;
    case "set_price":
      price = amount as number;
      break;
    case "raise_percent":
      price = percentOf(listing.price, 10_000 + change.amount);
      break;
    case "lower_percent":
      price = percentOf(listing.price, 10_000 - change.amount);
      break;
  }
  if (change.ending !== undefined) {
    const ending = inMinorUnits(change.ending, perMajor);
    if (ending === undefined) return { problem: "no_cents" };
    const raises = change.kind === "raise_amount" || change.kind === "raise_percent";
    const lowers = change.kind === "lower_amount" || change.kind === "lower_percent";
    // A raise or a cut too small to move the price by a minor unit moves nothing: the rounding
    // below must not make it a step of a whole unit.
    if ((raises || lowers) && price === listing.price) return { problem: "unchanged" };
    price = roundToEnding(price, ending, perMajor);
    // The nearest, unless it undoes the change: a raise of 1 % to end in .99 took $20.00 to
    // $19.99, and a cut of 1 % left $19.99 as it was (an audit of 2026-11-29). Then the ending
    // nearest the old price on the change's side.
    if (raises && price <= listing.price) price = roundToEnding(listing.price, ending, perMajor, "above");
    if (lowers && price >= listing.price) price = roundToEnding(listing.price, ending, perMajor, "below");
  }
  return checkedPrice(price, listing.price);
}

/**
 * A price the seller typed for the listing (on its page, in a file's row) as its new price, or the
 * reason it cannot be: the bulk changes' problems.
 */
export function typedPriceOf(listing: PricedListing, price: number): NewPrice {
  if (listing.status === "ended") return { problem: "ended" };
  return checkedPrice(price, listing.price);
}

function checkedPrice(price: number, oldPrice: number): NewPrice {
  if (price < 1) return { problem: "not_positive" };
  if (price > MAX_PRICE) return { problem: "above_maximum" };
  if (price === oldPrice) return { problem: "unchanged" };
  return { price };
}

/**
 * A price typed in `currency`, with `mark` between its units and its decimals, in that currency's
 * minor units: "12.50" in dollars, "12,50" in euros with a comma, "1200" in yen, "12.345" in
 * dinars; never more decimals than the currency has, and no grouping, exponent or sign. Anything
 * else is undefined, so "1e20", "Infinity" and a whole part of more than 9 digits are; the hub's
 * highest price is the caller's to check. One mark only: with three decimals, "1,500" dinars could
 * be fifteen hundred or one and a half, so the other mark is refused rather than guessed.
 */
export function parsePrice(text: string, currency: string, mark: string): number | undefined {
  const perMajor = minorUnitsPerMajor(currency);
  const digits = Math.round(Math.log10(perMajor));
  const match = new RegExp(`^(\\d{1,9})(?:${mark === "," ? "," : "\\."}(\\d+))?$`).exec(text.trim());
  if (!match || (match[2] ?? "").length > digits) return undefined;
  return Number(match[1]) * perMajor + Number((match[2] ?? "").padEnd(digits, "0") || "0");
}

/** A price in minor units as a seller of `locale` types it: 1250 euro cents in German is "12,50", ¥1200 is "1200". */
export function formatPriceForInput(price: number, currency: string, locale: string): string {
  return plainAmount(price, minorUnitsPerMajor(currency), decimalMark(locale));
}

/** A price to show as an example of typing one, with `mark`: 12.50 with cents, 1250 yen, 12.500 dinars. */
export function examplePrice(currency: string, mark: string): string {
  const perMajor = minorUnitsPerMajor(currency);
  return plainAmount(perMajor === 1 ? 1250 : (perMajor * 25) / 2, perMajor, mark);
}

/** Hundredths of a major unit in a currency's minor units; undefined when they do not come out whole (2.50 yen). */
export function inMinorUnits(hundredths: number, perMajor: number): number | undefined {
  const scaled = hundredths * perMajor;
  return scaled % 100 === 0 ? scaled / 100 : undefined;
}

/**
 * `price` × `hundredthsOfPercent` / 10,000, halves rounded up, in integers: both factors stay
 * below 2^31, so the product is exact in a double (below 2^53).
 */
function percentOf(price: number, hundredthsOfPercent: number): number {
  return Math.floor((price * hundredthsOfPercent + 5_000) / 10_000);
}

/**
 * The nearest price whose minor units end in `ending` (of `perMajor` per major unit: 99 of 100 is
 * x.99); halfway between two rounds up, as money usually does. Or the nearest strictly `above` or
 * `below` the price. The price below may be zero or less, which the caller refuses.
 */
export function roundToEnding(
  price: number,
  ending: number,
  perMajor = 100,
  side: "nearest" | "above" | "below" = "nearest",
): number {
  const atOrBelow = Math.floor((price - ending) / perMajor) * perMajor + ending;
  const above = atOrBelow + perMajor;
  if (side === "above") return above;
  if (side === "below") return atOrBelow < price ? atOrBelow : atOrBelow - perMajor;
  return price - atOrBelow < above - price ? atOrBelow : above;
}

/**
 * "2.50", "2,5", "10" or "0.99": digits with up to two decimals, as hundredths; anything else
 * undefined. Either decimal mark: a phone's decimal keypad in German, French, Italian or Spanish
 * types a comma, and with no grouping and at most 2 decimals, "1,50" means nothing else.
 */
export function parseHundredths(text: string): number | undefined {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * Hundredths as a seller of `locale` types them: 250 is "2.50" ("2,50" in German), 1000 is "10";
 * `as needed` writes 1250 as "12.5". No grouping, as the field takes none.
 */
export function formatHundredths(
  hundredths: number,
  locale = "en-US",
  decimals: "cents unless whole" | "as needed" = "cents unless whole",
): string {
  return new Intl.NumberFormat(locale, {
    useGrouping: false,
    minimumFractionDigits: decimals === "as needed" || hundredths % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(hundredths / 100);
}

/** In the seller's words and decimal mark: "Raise by 12.50%, rounded to end in .99", "Take 2 off the quantity". */
export function describePriceChange({ kind, amount, ending }: PriceChange, locale: string, text: Text): string {
  if (kind === LISTING_PAGE_CHANGE) return text("bulk.describe.listingPage");
  if (kind === FILE_CHANGE) return text("bulk.describe.file");
  if (kind === "set_quantity" || kind === "add_quantity" || kind === "take_quantity")
    return text("bulk.describe.quantity", { kind, value: amount.toLocaleString(locale) });
  return text("bulk.describe", {
    kind,
    value: formatHundredths(amount, locale),
    rounded: ending === undefined ? "no" : "yes",
    ending: ending === undefined ? "" : `${decimalMark(locale)}${String(ending).padStart(2, "0")}`,
  });
}
