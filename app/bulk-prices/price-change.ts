import type { MessageKey, Text } from "~/i18n/language-text";
import { formatMoney, minorUnitsPerMajor } from "~/money/format-money";

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
  kind: PriceChangeKind;
  /** Hundredths: of the currency's major unit for amounts and set prices (250 is 2.50), of a per cent for percentages (1250 is 12.5%). */
  amount: number;
  /** Round each new price to the nearest price ending in these cents (99 is x.99); undefined: no rounding. */
  ending?: number;
}

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

/** The listing's new price under the change, or the reason it cannot take it. */
export function newPriceOf(listing: PricedListing, change: PriceChange): NewPrice {
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
    price = roundToEnding(price, ending, perMajor);
  }
  if (price < 1) return { problem: "not_positive" };
  if (price > MAX_PRICE) return { problem: "above_maximum" };
  if (price === listing.price) return { problem: "unchanged" };
  return { price };
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
 * x.99); halfway between two rounds up, as money usually does. The price below may be zero or
 * less, which the caller refuses.
 */
export function roundToEnding(price: number, ending: number, perMajor = 100): number {
  const below = Math.floor((price - ending) / perMajor) * perMajor + ending;
  const above = below + perMajor;
  return price - below < above - price ? below : above;
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

/** The mark between a number's units and its fractions in `locale`: "." in English, "," in German. */
function decimalMark(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
}

/** In the seller's words and decimal mark: "Raise by 12.50%, rounded to end in .99". */
export function describePriceChange({ kind, amount, ending }: PriceChange, locale: string, text: Text): string {
  return text("bulk.describe", {
    kind,
    value: formatHundredths(amount, locale),
    rounded: ending === undefined ? "no" : "yes",
    ending: ending === undefined ? "" : `${decimalMark(locale)}${String(ending).padStart(2, "0")}`,
  });
}
