import { describe, expect, it } from "vitest";
import { formatMoney } from "./format-money";

describe("formatMoney", () => {
  it("turns minor units into the currency's major units in the seller's locale", () => {
    expect(formatMoney(129_999, "USD", "en-US")).toBe("$1,299.99");
    // German puts a no-break space before the euro sign.
    expect(formatMoney(129_999, "EUR", "de-DE")).toBe("1.299,99\u00a0€");
  });

  it("knows currencies without minor units", () => {
    expect(formatMoney(1500, "JPY", "ja-JP")).toBe("￥1,500");
  });
});
