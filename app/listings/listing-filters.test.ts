import { describe, expect, it } from "vitest";
import { parseListingFilters } from "./listing-filters";

const parse = (query: string) => parseListingFilters(new URLSearchParams(query));

describe("parseListingFilters", () => {
  it("gives the first page of the newest 20 listings when the query is empty", () => {
    expect(parse("")).toEqual({ sort: "newest", offset: 0, limit: 20 });
  });

  it("reads every filter the page offers", () => {
    expect(parse("status=ended&condition=for_parts&q=iphone&sort=price_desc&offset=40&limit=50")).toEqual({
      status: "ended",
      condition: "for_parts",
      q: "iphone",
      sort: "price_desc",
      offset: 40,
      limit: 50,
    });
  });

  it("ignores an unknown status, condition or sort", () => {
    expect(parse("status=sold-out&condition=mint&sort=random")).toEqual({ sort: "newest", offset: 0, limit: 20 });
  });

  it("corrects a negative, fractional or malformed offset to 0", () => {
    for (const offset of ["-20", "2.5", "ten", "", "1e400"]) expect(parse(`offset=${offset}`).offset).toBe(0);
  });

  it("caps a limit of a million at 100 and rounds others up to an offered page size", () => {
    expect(parse("limit=1000000").limit).toBe(100);
    expect(parse("limit=37").limit).toBe(50);
    expect(parse("limit=10").limit).toBe(10);
  });

  it("gives the default page size for a limit that is not a positive number", () => {
    for (const limit of ["0", "-5", "many", ""]) expect(parse(`limit=${limit}`).limit).toBe(20);
  });

  it("trims search text, drops its control characters and drops it when blank, and cuts it at 100 characters", () => {
    expect(parse("q=%20%20mixer%20").q).toBe("mixer");
    expect(parse("q=%20%20").q).toBeUndefined();
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(100);
    // As the hub's search reads it (readSearchText), so both find the same titles: a tab or a line
    // break is a space, another control is left out, spaces run together, and the cut is by
    // characters, never inside one (99 letters and an emoji left half an emoji; an audit of 2026-11-29).
    expect(parse("q=%00mix%07er%09").q).toBe("mixer");
    expect(parse("q=red%09shoe").q).toBe("red shoe");
    expect(parse("q=red%20%20%20shoe").q).toBe("red shoe");
    expect(parse(`q=${"a".repeat(99)}${encodeURIComponent("😀😀")}`).q).toBe(`${"a".repeat(99)}😀`);
  });

  it("takes the last of repeated parameters", () => {
    expect(parse("status=active&status=ended").status).toBe("ended");
  });

  it("ignores parameters it does not know", () => {
    expect(parse("src=filters&foo=bar")).toEqual({ sort: "newest", offset: 0, limit: 20 });
  });
});
