import { textOfLanguage } from "~/i18n/catalogues.server";
import { decimalMark } from "~/money/format-money";
import { describe, expect, it } from "vitest";
import {
  describePriceChange,
  formatHundredths,
  formatPriceForInput,
  MAX_PRICE,
  newPriceOf,
  parseHundredths,
  parsePrice,
  roundToEnding,
  typedPriceOf,
} from "./price-change";

const usd = (price: number, status = "active") => ({ price, currency: "USD", status });

describe("newPriceOf", () => {
  it("raises and lowers by an amount in the listing's minor units", () => {
    expect(newPriceOf(usd(1999), { kind: "raise_amount", amount: 250 })).toEqual({ price: 2249 });
    expect(newPriceOf(usd(1999), { kind: "lower_amount", amount: 1000 })).toEqual({ price: 999 });
    expect(
      newPriceOf({ price: 1500, currency: "JPY", status: "active" }, { kind: "raise_amount", amount: 10_000 }),
    ).toEqual({
      price: 1600,
    });
  });

  it("raises and lowers by a percentage, halves of a cent rounded up", () => {
    expect(newPriceOf(usd(1000), { kind: "raise_percent", amount: 1000 })).toEqual({ price: 1100 });
    // 999 × 0.875 = 874.125 → 874; 999 × 1.125 = 1123.875 → 1124
    expect(newPriceOf(usd(999), { kind: "lower_percent", amount: 1250 })).toEqual({ price: 874 });
    expect(newPriceOf(usd(999), { kind: "raise_percent", amount: 1250 })).toEqual({ price: 1124 });
    // 3 × 0.5 = 1.5 → 2
    expect(newPriceOf(usd(3), { kind: "lower_percent", amount: 5000 })).toEqual({ price: 2 });
  });

  it("sets one price, and rounds to an ending", () => {
    expect(newPriceOf(usd(1999), { kind: "set_price", amount: 2500 })).toEqual({ price: 2500 });
    expect(newPriceOf(usd(1000), { kind: "raise_percent", amount: 1000, ending: 99 })).toEqual({ price: 1099 });
  });

  it("says why a price cannot take the change", () => {
    expect(newPriceOf(usd(500), { kind: "lower_amount", amount: 500 })).toEqual({ problem: "not_positive" });
    expect(newPriceOf(usd(99_999_000), { kind: "raise_amount", amount: 1000 })).toEqual({ problem: "above_maximum" });
    expect(newPriceOf(usd(1999, "ended"), { kind: "raise_amount", amount: 100 })).toEqual({ problem: "ended" });
    expect(newPriceOf(usd(1999), { kind: "set_price", amount: 1999 })).toEqual({ problem: "unchanged" });
    expect(
      newPriceOf({ price: 1500, currency: "JPY", status: "active" }, { kind: "raise_amount", amount: 250 }),
    ).toEqual({
      problem: "no_cents",
    });
    // 0.40 rounded to end in .00 is 0.00.
    expect(newPriceOf(usd(45), { kind: "lower_amount", amount: 5, ending: 0 })).toEqual({ problem: "not_positive" });
  });
});

describe("roundToEnding", () => {
  it("never moves a price against the change: the nearest ending on the change's side of the old price then", () => {
    // An audit's cases: a raise that lowered the price, a cut that raised it, a cut that left it.
    expect(newPriceOf(usd(2000), { kind: "raise_percent", amount: 100, ending: 99 })).toEqual({ price: 2099 });
    expect(newPriceOf(usd(1098), { kind: "lower_amount", amount: 1, ending: 99 })).toEqual({ price: 999 });
    expect(newPriceOf(usd(1999), { kind: "lower_percent", amount: 100, ending: 99 })).toEqual({ price: 1899 });
    expect(newPriceOf(usd(1999), { kind: "raise_amount", amount: 1, ending: 99 })).toEqual({ price: 2099 });
    // Nearest where that moves the price the right way, and one price may take any ending.
    expect(newPriceOf(usd(2000), { kind: "raise_percent", amount: 500, ending: 99 })).toEqual({ price: 2099 });
    expect(newPriceOf(usd(2000), { kind: "set_price", amount: 2000, ending: 99 })).toEqual({ price: 1999 });
    // A change too small to move the price by a cent moves nothing, rounding or not.
    expect(newPriceOf(usd(1999), { kind: "raise_percent", amount: 1, ending: 99 })).toEqual({ problem: "unchanged" });
    expect(newPriceOf(usd(1999), { kind: "raise_percent", amount: 1 })).toEqual({ problem: "unchanged" });
    // No ending below a cent on the change's side: refused, not raised.
    expect(newPriceOf(usd(99), { kind: "lower_amount", amount: 1, ending: 99 })).toEqual({ problem: "not_positive" });
    expect(roundToEnding(1099, 99, 100, "above")).toBe(1199);
    expect(roundToEnding(1099, 99, 100, "below")).toBe(999);
    expect(roundToEnding(1100, 99, 100, "below")).toBe(1099);
  });

  it("takes the nearest price with the ending, halfway up", () => {
    expect(roundToEnding(1050, 99)).toBe(1099);
    expect(roundToEnding(1048, 99)).toBe(999);
    expect(roundToEnding(1049, 99)).toBe(1099);
    expect(roundToEnding(1099, 99)).toBe(1099);
    expect(roundToEnding(1234, 0)).toBe(1200);
    expect(roundToEnding(1250, 0)).toBe(1300);
  });
});

describe("amounts as typed", () => {
  it("reads digits with up to two decimals as hundredths, and writes them back", () => {
    expect(parseHundredths("2.5")).toBe(250);
    expect(parseHundredths(" 2.50 ")).toBe(250);
    expect(parseHundredths("10")).toBe(1000);
    expect(parseHundredths("0.99")).toBe(99);
    // A decimal comma is a decimal mark: with at most 2 decimals and no grouping, "1,50" can mean nothing else.
    expect(parseHundredths("2,5")).toBe(250);
    expect(parseHundredths("0,99")).toBe(99);
    for (const bad of ["", "2.505", "-1", "1,000", "1.000", "1,000.50", "1e3", "abc", ".5", ",5", "2,"])
      expect(parseHundredths(bad)).toBeUndefined();
    expect(formatHundredths(250)).toBe("2.50");
    expect(formatHundredths(1000)).toBe("10");
    expect(formatHundredths(250, "de-DE")).toBe("2,50");
    expect(formatHundredths(1250, "fr-FR", "as needed")).toBe("12,5");
    expect(formatHundredths(123_456_789, "de-DE")).toBe("1234567,89");
  });

  it("describes a change in the seller's words", () => {
    const english = textOfLanguage("en-US").text;
    expect(describePriceChange({ kind: "raise_percent", amount: 1250, ending: 99 }, "en-US", english)).toBe(
      "Raise by 12.50%, rounded to end in .99",
    );
    expect(describePriceChange({ kind: "set_price", amount: 2500 }, "en-US", english)).toBe("Set to 25");
  });

  it("writes its numbers with the seller's decimal mark", () => {
    const english = textOfLanguage("en-US").text;
    expect(describePriceChange({ kind: "raise_amount", amount: 250, ending: 99 }, "de-DE", english)).toBe(
      "Raise by 2,50, rounded to end in ,99",
    );
    expect(describePriceChange({ kind: "lower_percent", amount: 1250 }, "it-IT", english)).toBe("Lower by 12,50%");
    // In the seller's language too.
    expect(
      describePriceChange({ kind: "raise_amount", amount: 250, ending: 99 }, "de-DE", textOfLanguage("de-DE").text),
    ).toBe("Erhöhung um 2,50, gerundet auf ,99");
    expect(describePriceChange({ kind: "lower_percent", amount: 1250 }, "it-IT", textOfLanguage("it-IT").text)).toBe(
      "Riduzione del 12,50%",
    );
  });
});

describe("a price typed on the listing's page", () => {
  it("is read in the currency's own decimals, with the seller's decimal mark", () => {
    expect(parsePrice("12.50", "USD", ".")).toBe(1250);
    expect(parsePrice(" 12,5 ", "EUR", ",")).toBe(1250);
    expect(parsePrice("12", "USD", ".")).toBe(1200);
    expect(parsePrice("1200", "JPY", ",")).toBe(1200);
    expect(parsePrice("12.345", "KWD", ".")).toBe(12_345);
    expect(parsePrice("12,3", "KWD", ",")).toBe(12_300);
    expect(parsePrice("0", "USD", ".")).toBe(0);
  });

  it("refuses the other mark, more decimals than the currency has, and anything that is not plain digits", () => {
    for (const [typed, currency, mark] of [
      // Fifteen hundred dinars with a thousands separator, or one and a half: never guessed.
      ["1,500", "KWD", "."],
      ["1.500", "KWD", ","],
      ["12,50", "USD", "."],
      ["12.5", "JPY", "."],
      ["12.505", "USD", "."],
      ["12.3456", "KWD", "."],
      ["1e20", "USD", "."],
      ["Infinity", "USD", "."],
      ["NaN", "USD", "."],
      ["-5", "USD", "."],
      ["+5", "USD", "."],
      ["1,234.50", "USD", "."],
      ["١٢", "USD", "."],
      ["１２", "JPY", "."],
      ["", "USD", "."],
      ["12.", "USD", "."],
      [".5", "USD", "."],
      // 2^53 and past MAX_PRICE's nine digits: never a number that loses precision.
      [String(2 ** 53), "USD", "."],
      ["9999999999", "JPY", "."],
    ] as const)
      expect(parsePrice(typed, currency, mark), `${typed} ${currency} ${mark}`).toBeUndefined();
    expect(parsePrice("999999999", "JPY", ".")).toBe(999_999_999);
    expect(parsePrice("999999999.999", "KWD", ".")).toBe(999_999_999_999);
  });

  it("is shown as the seller types it: the currency's decimals, the seller's mark, no grouping", () => {
    expect(formatPriceForInput(1250, "USD", "en-US")).toBe("12.50");
    expect(formatPriceForInput(1250, "EUR", "de-DE")).toBe("12,50");
    expect(formatPriceForInput(123_456_789, "EUR", "fr-FR")).toBe("1234567,89");
    expect(formatPriceForInput(1200, "JPY", "en-US")).toBe("1200");
    expect(formatPriceForInput(12_345, "KWD", "en-US")).toBe("12.345");
    expect(formatPriceForInput(5, "KWD", "it-IT")).toBe("0,005");
    for (const [price, currency, locale] of [
      [99_999_999, "KWD", "de-DE"],
      [1, "USD", "es-ES"],
      [MAX_PRICE, "JPY", "fr-FR"],
    ] as const)
      expect(parsePrice(formatPriceForInput(price, currency, locale), currency, decimalMark(locale))).toBe(price);
  });

  it("sets the listing's price as typed, with the bulk change's problems", () => {
    expect(typedPriceOf({ price: 12_000, currency: "KWD", status: "active" }, 12_345)).toEqual({ price: 12_345 });
    expect(typedPriceOf(usd(1000), 1000)).toEqual({ problem: "unchanged" });
    expect(typedPriceOf(usd(1000), 0)).toEqual({ problem: "not_positive" });
    expect(typedPriceOf(usd(1000), MAX_PRICE + 1)).toEqual({ problem: "above_maximum" });
    expect(typedPriceOf(usd(1000, "ended"), 900)).toEqual({ problem: "ended" });
    const english = textOfLanguage("en-US").text;
    expect(describePriceChange({ kind: "listing_page", amount: 900 }, "en-US", english)).toBe(
      "Changed on the listing’s page",
    );
    expect(describePriceChange({ kind: "file", amount: 0 }, "en-US", english)).toBe("Changes from a file");
  });
});
