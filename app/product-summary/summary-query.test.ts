import { describe, expect, it } from "vitest";
import { parseSummaryFilters } from "./summary-query";

const parse = (query: string) => parseSummaryFilters(new URLSearchParams(query));

describe("parseSummaryFilters", () => {
  it("reads the item, condition and status", () => {
    expect(parse("listingId=4&itemId=42&condition=used&status=ended")).toEqual({
      itemId: 42,
      condition: "used",
      status: "ended",
    });
  });

  it("is empty for an empty query", () => {
    expect(parse("")).toEqual({});
  });

  it("ignores a malformed item, an unknown condition and an unknown status", () => {
    expect(parse("itemId=-1&condition=mint&status=sold")).toEqual({});
    expect(parse("itemId=abc").itemId).toBeUndefined();
    expect(parse("itemId=99999999999").itemId).toBeUndefined();
  });
});
