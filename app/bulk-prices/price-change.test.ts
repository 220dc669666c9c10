import { textOfLanguage } from "~/i18n/catalogues.server";
import { describe, expect, it } from "vitest";
import { describePriceChange, formatHundredths, newPriceOf, parseHundredths, roundToEnding } from "./price-change";

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
