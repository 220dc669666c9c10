import { describe, expect, it } from "vitest";
import { formatMoney, plainAmount } from "./format-money";

describe("formatMoney", () => {
  it("turns minor units into the currency's major units in the page's language's locale", () => {
    expect(formatMoney(129_999, "USD", "en-US")).toBe("$1,299.99");
    // German puts a no-break space before the euro sign.
    expect(formatMoney(129_999, "EUR", "de-DE")).toBe("1.299,99\u00a0€");
  });

  it("knows currencies without minor units", () => {
    expect(formatMoney(1500, "JPY", "ja-JP")).toBe("￥1,500");
  });
});

describe("an amount as a spreadsheet reads it", () => {
  it.each([
    [1_234, 100, ".", "12.34"],
    [5, 100, ",", "0,05"],
    [0, 100, ".", "0.00"],
    [1_500, 1, ",", "1500"],
    [12_345, 1_000, ",", "12,345"],
    [7, 1_000, ".", "0.007"],
    [-250, 100, ".", "-2.50"],
    // The largest amount whole-number arithmetic holds exactly: no float rounding on the way out.
    [2 ** 53 - 1, 100, ".", "90071992547409.91"],
    [2 ** 53 - 1, 1_000, ",", "9007199254740,991"],
  ] as const)("%i minor units at %i a unit, mark %s: %s", (minor, perMajor, mark, written) => {
    expect(plainAmount(minor, perMajor, mark)).toBe(written);
  });
});
