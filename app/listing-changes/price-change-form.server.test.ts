import { textOfLanguage } from "~/i18n/catalogues.server";
import { describe, expect, it } from "vitest";
import { priceChangeForm } from "./price-change-form.server";

describe("priceChangeForm", () => {
  const parse = (form: Record<string, string>) =>
    priceChangeForm("USD", "en-US", textOfLanguage("en-US").text).safeParse(form);
  const message = (form: Record<string, string>) => {
    const result = parse(form);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it("takes a complete choice", () => {
    expect(parse({ kind: "lower_percent", amount: "12.5", ending: "99" }).data).toEqual({
      kind: "lower_percent",
      amount: 1250,
      ending: 99,
    });
    expect(parse({ kind: "set_price", amount: "25", ending: "" }).data).toEqual({ kind: "set_price", amount: 2500 });
  });

  it("refuses with a reason the seller can act on", () => {
    expect(message({ amount: "2" })).toBe("Choose how to change them.");
    expect(message({ kind: "raise_amount", amount: "two" })).toMatch(/^Enter the amount as a number/);
    expect(message({ kind: "raise_amount", amount: "0" })).toMatch(/^Enter the amount as a number/);
    expect(message({ kind: "lower_percent", amount: "100" })).toBe("A price can be lowered by less than 100% only.");
    expect(message({ kind: "raise_percent", amount: "1000.01" })).toBe("A price can be raised by 1000% at most.");
    expect(message({ kind: "set_price", amount: "1000000" })).toBe("Enter an amount of $999,999.99 or less.");
    expect(message({ kind: "raise_amount", amount: "1", ending: "42" })).toBe("Choose one of the endings offered.");
  });

  it("takes the decimal comma a German, French, Italian or Spanish keyboard types, and gives its examples so, in the seller's language", () => {
    const euros = priceChangeForm("EUR", "de-DE", textOfLanguage("de-DE").text);
    expect(euros.safeParse({ kind: "raise_amount", amount: "2,5" }).data).toEqual({
      kind: "raise_amount",
      amount: 250,
    });
    expect(euros.safeParse({ kind: "lower_percent", amount: "12,5" }).data).toEqual({
      kind: "lower_percent",
      amount: 1250,
    });
    expect(euros.safeParse({ kind: "raise_amount", amount: "2.5" }).data).toEqual({
      kind: "raise_amount",
      amount: 250,
    });
    const refused = euros.safeParse({ kind: "raise_amount", amount: "1,000" });
    expect(refused.success ? undefined : refused.error.issues[0]?.message).toBe(
      "Geben Sie den Betrag als Zahl über 0 mit bis zu 2 Nachkommastellen ein, zum Beispiel 2,50.",
    );
    const percent = euros.safeParse({ kind: "raise_percent", amount: "abc" });
    expect(percent.success ? undefined : percent.error.issues[0]?.message).toBe(
      "Geben Sie den Prozentsatz als Zahl über 0 mit bis zu 2 Nachkommastellen ein, zum Beispiel 10 oder 12,5.",
    );
  });

  it("takes a change of quantities as whole items, never rounded, and refuses odd numbers with the reason", () => {
    expect(parse({ kind: "set_quantity", amount: "0", ending: "" }).data).toEqual({ kind: "set_quantity", amount: 0 });
    expect(parse({ kind: "add_quantity", amount: " 12 " }).data).toEqual({ kind: "add_quantity", amount: 12 });
    expect(parse({ kind: "take_quantity", amount: "999999" }).data).toEqual({ kind: "take_quantity", amount: 999_999 });
    for (const amount of ["1e20", "Infinity", "2.5", "-1", "1,000", "١٢", "", "two", String(2 ** 53).slice(0, 9) + "x"])
      expect(message({ kind: "add_quantity", amount }), amount).toBe(
        "Enter the number of items as a whole number above 0, for example 5.",
      );
    expect(message({ kind: "take_quantity", amount: "0" })).toBe(
      "Enter the number of items as a whole number above 0, for example 5.",
    );
    expect(message({ kind: "set_quantity", amount: "-3" })).toBe(
      "Enter the new quantity as a whole number from 0, for example 5.",
    );
    expect(message({ kind: "set_quantity", amount: String(2 ** 53) })).toBe(
      "Enter the new quantity as a whole number from 0, for example 5.",
    );
    expect(message({ kind: "set_quantity", amount: "1000000" })).toBe("Enter 999,999 items or fewer.");
    expect(message({ kind: "add_quantity", amount: "2", ending: "99" })).toBe(
      "Quantities are not rounded: choose “Don’t round”.",
    );
  });
});
