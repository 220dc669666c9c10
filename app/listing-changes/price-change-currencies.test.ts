import { textOfLanguage } from "~/i18n/catalogues.server";

const english = textOfLanguage("en-US").text;
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceChangeForm } from "./price-change-form.server";
import { MAX_PRICE, newPriceOf, priceProblemText, PRICE_ENDINGS, type BulkPriceChange } from "./price-change";

/*
 * Money in currencies with 0, 2 and 3 decimals (JPY, USD, KWD): the rule, its limits and its
 * texts follow the listing's currency, never an assumed two decimals.
 */
const CURRENCIES = [
  { currency: "JPY", perMajor: 1 },
  { currency: "USD", perMajor: 100 },
  { currency: "KWD", perMajor: 1000 },
] as const;

describe("a bulk price change in currencies with 0, 2 and 3 decimals", () => {
  it("rounds to an ending in the currency's own minor units: .00 is a whole price in yen, .99 is .990 in dinars", () => {
    const active = (price: number, currency: string) => ({ price, currency, status: "active" });
    expect(newPriceOf(active(1_234, "JPY"), { kind: "raise_amount", amount: 10_000, ending: 0 })).toEqual({
      price: 1_334,
    });
    expect(newPriceOf(active(1_234, "JPY"), { kind: "raise_amount", amount: 10_000, ending: 99 })).toEqual({
      problem: "no_cents",
    });
    expect(newPriceOf(active(12_345, "KWD"), { kind: "raise_amount", amount: 100, ending: 99 })).toEqual({
      price: 12_990,
    });
  });

  it("keeps every new price a whole number of minor units within the hub's limit, ending as asked", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 1, max: MAX_PRICE }),
        fc.constantFrom("raise_amount", "lower_amount", "raise_percent", "lower_percent", "set_price" as const),
        fc.integer({ min: 1, max: 9_999 }),
        fc.option(fc.constantFrom(...PRICE_ENDINGS), { nil: undefined }),
        ({ currency, perMajor }, price, kind, amount, ending) => {
          const change: BulkPriceChange = { kind, amount, ...(ending !== undefined && { ending }) };
          const result = newPriceOf({ price, currency, status: "active" }, change);
          if (result.problem) return;
          expect(Number.isSafeInteger(result.price)).toBe(true);
          expect(result.price).toBeGreaterThan(0);
          expect(result.price).toBeLessThanOrEqual(MAX_PRICE);
          const endsAsAsked = ending === undefined || result.price % perMajor === (ending * perMajor) / 100;
          expect(endsAsAsked, `${result.price} in ${currency} ends in .${ending}`).toBe(true);
          // A raise raises, a cut cuts, whatever the rounding.
          const direction = kind.startsWith("raise") ? 1 : kind.startsWith("lower") ? -1 : 0;
          expect(direction === 0 || Math.sign(result.price - price) === direction, `${price} to ${result.price}`).toBe(
            true,
          );
        },
      ),
    );
  });

  it("names the highest price in the listing's currency", () => {
    expect(priceProblemText("above_maximum", "JPY", "en-US", english)).toContain("¥99,999,999");
    expect(priceProblemText("above_maximum", "USD", "en-US", english)).toContain("$999,999.99");
    expect(priceProblemText("above_maximum", "KWD", "en-US", english)).toContain("99,999.999");
    expect(priceProblemText("ended", "JPY", "en-US", english)).toBe("The listing has ended.");
  });

  it("takes an amount up to the highest price in the seller's currency, and says it in that currency", () => {
    const message = (currency: string, amount: string) => {
      const result = priceChangeForm(currency, "en-US", english).safeParse({ kind: "set_price", amount });
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    expect(message("JPY", "1500000")).toBeUndefined();
    expect(message("JPY", "100000000")).toBe("Enter an amount of ¥99,999,999 or less.");
    expect(message("JPY", "2.50")).toBe("Enter a whole amount: prices in JPY have no decimals.");
    expect(message("USD", "1000000")).toBe("Enter an amount of $999,999.99 or less.");
    expect(message("KWD", "99999.99")).toBeUndefined();
    expect(message("KWD", "100000")).toBe("Enter an amount of KWD\u00a099,999.999 or less.");
  });

  it("takes only the endings the seller's currency has: in yen a whole price", () => {
    const message = (currency: string, ending: string) => {
      const result = priceChangeForm(currency, "en-US", english).safeParse({
        kind: "raise_amount",
        amount: "100",
        ending,
      });
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    expect(message("JPY", "0")).toBeUndefined();
    expect(message("JPY", "99")).toBe("Choose one of the endings offered.");
    expect(message("USD", "99")).toBeUndefined();
    expect(message("KWD", "95")).toBeUndefined();
  });
});
