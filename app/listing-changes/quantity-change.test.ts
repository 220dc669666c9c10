import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { describePriceChange } from "./price-change";
import {
  MAX_QUANTITY,
  newQuantityOf,
  parseQuantity,
  QUANTITY_CHANGE_KINDS,
  type QuantityChangeKind,
} from "./quantity-change";

const active = (quantity: number) => ({ quantity, status: "active" });

describe("a bulk change of quantities", () => {
  it("sets, adds or takes off, and says why a listing cannot take it", () => {
    expect(newQuantityOf(active(3), { kind: "set_quantity", amount: 0 })).toEqual({ quantity: 0 });
    expect(newQuantityOf(active(3), { kind: "add_quantity", amount: 2 })).toEqual({ quantity: 5 });
    expect(newQuantityOf(active(3), { kind: "take_quantity", amount: 3 })).toEqual({ quantity: 0 });
    expect(newQuantityOf(active(3), { kind: "take_quantity", amount: 4 })).toEqual({ problem: "below_zero" });
    expect(newQuantityOf(active(MAX_QUANTITY), { kind: "add_quantity", amount: 1 })).toEqual({
      problem: "above_maximum",
    });
    expect(newQuantityOf(active(3), { kind: "set_quantity", amount: 3 })).toEqual({ problem: "unchanged" });
    expect(newQuantityOf({ quantity: 3, status: "ended" }, { kind: "add_quantity", amount: 1 })).toEqual({
      problem: "ended",
    });
  });

  it("never gives a quantity below zero or above the most, for any quantity and any change", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_QUANTITY }),
        fc.constantFrom(...(Object.keys(QUANTITY_CHANGE_KINDS) as QuantityChangeKind[])),
        fc.integer({ min: 0, max: MAX_QUANTITY }),
        (quantity, kind, amount) => {
          const { quantity: next, problem } = newQuantityOf(active(quantity), { kind, amount });
          if (problem) return;
          expect(next).toBeGreaterThanOrEqual(0);
          expect(next).toBeLessThanOrEqual(MAX_QUANTITY);
          expect(next).not.toBe(quantity);
        },
      ),
    );
  });

  it("reads typed quantities as ASCII digits only", () => {
    expect(parseQuantity(" 12 ")).toBe(12);
    expect(parseQuantity("0")).toBe(0);
    for (const typed of ["1e20", "Infinity", "NaN", "2.5", "-1", "+1", "1,000", "1 000", "١٢", "１２", "", "0x10"])
      expect(parseQuantity(typed), typed).toBeUndefined();
  });

  it("is described in the seller's words", () => {
    const english = textOfLanguage("en-US").text;
    const german = textOfLanguage("de-DE").text;
    expect(describePriceChange({ kind: "set_quantity", amount: 0 }, "en-US", english)).toBe("Quantity set to 0");
    expect(describePriceChange({ kind: "add_quantity", amount: 1200 }, "en-US", english)).toBe(
      "Add 1,200 to the quantity",
    );
    expect(describePriceChange({ kind: "take_quantity", amount: 1200 }, "de-DE", german)).toBe(
      "Menge um 1.200 gesenkt",
    );
  });
});
