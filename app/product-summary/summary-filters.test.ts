import { describe, expect, it } from "vitest";
import { rebuildQuery } from "~/refiltering/rebuild-query";
import { conditionChangeQuery, itemIdAfterChange, productSummaryUrl } from "./summary-filters";

describe("productSummaryUrl", () => {
  it("names the listing, its item and the filters that are set", () => {
    expect(productSummaryUrl(42, { itemId: 42, condition: "used" })).toBe(
      "/sh/prod-summary?listingId=42&itemId=42&condition=used",
    );
    expect(productSummaryUrl(42, { status: "ended" })).toBe("/sh/prod-summary?listingId=42&status=ended");
  });
});

describe("the itemId rule of a condition change (docs/product/behaviour.md)", () => {
  it("keeps the item when the condition changed", () => {
    expect(itemIdAfterChange("condition", "42")).toBe("42");
  });

  it("clears the item when another field changed", () => {
    expect(itemIdAfterChange("status", "42")).toBeUndefined();
  });

  it("reloads the frame with the parent's filter keys, keeping the item on a condition change", () => {
    const query = rebuildQuery(
      new URLSearchParams("listingId=42&itemId=42&status=active"),
      conditionChangeQuery({ fieldChanged: "condition", itemId: "42", condition: "new", status: "active" }),
    );
    expect(query.toString()).toBe("listingId=42&itemId=42&status=active&condition=new");
  });

  it("reloads the frame without the item when another field changed, and drops filters the parent cleared", () => {
    const query = rebuildQuery(
      new URLSearchParams("listingId=42&itemId=42&condition=used"),
      conditionChangeQuery({ fieldChanged: "status", itemId: "42", condition: "", status: "ended" }),
    );
    expect(query.toString()).toBe("listingId=42&status=ended");
  });
});
