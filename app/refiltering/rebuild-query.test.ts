import { describe, expect, it } from "vitest";
import { rebuildQuery, type QueryChanges } from "./rebuild-query";

const rebuilt = (current: string, changes: QueryChanges, src?: string) =>
  rebuildQuery(new URLSearchParams(current), changes, src).toString();

describe("rebuildQuery", () => {
  it("applies a single key/value pair", () => {
    expect(rebuilt("", ["status", "active"])).toBe("status=active");
  });

  it("applies a list of pairs in order", () => {
    expect(
      rebuilt("", [
        ["status", "ended"],
        ["condition", "used"],
        ["status", "active"],
      ]),
    ).toBe("status=active&condition=used");
  });

  it("accepts an empty list and changes nothing but the offset", () => {
    expect(rebuilt("status=active&offset=40", [])).toBe("status=active&offset=0");
  });

  it("keeps the parameters it is not asked to change, in their order", () => {
    expect(rebuilt("q=iphone&sort=price_asc&limit=50", ["status", "active"])).toBe(
      "q=iphone&sort=price_asc&limit=50&status=active",
    );
  });

  it("replaces a key's value, every copy of it", () => {
    expect(rebuilt("status=active&status=ended&q=x", ["status", "scheduled"])).toBe("status=scheduled&q=x");
  });

  it("trims values", () => {
    expect(
      rebuilt("", [
        ["q", "  iphone 14 \n"],
        ["condition", "\tused "],
      ]),
    ).toBe("q=iphone+14&condition=used");
  });

  it("removes a key whose new value is empty, blank, null or undefined", () => {
    expect(
      rebuilt("a=1&b=2&c=3&d=4&e=5", [
        ["a", ""],
        ["b", "   "],
        ["c", null],
        ["d", undefined],
      ]),
    ).toBe("e=5");
  });

  it("ignores an empty value for a key that is not there", () => {
    expect(rebuilt("status=active", ["q", ""])).toBe("status=active");
  });

  it("resets any offset to 0 when a filter changes", () => {
    expect(rebuilt("status=active&offset=60&limit=20", ["condition", "new"])).toBe(
      "status=active&offset=0&limit=20&condition=new",
    );
  });

  it("does not add an offset the query did not have", () => {
    expect(rebuilt("status=active", ["condition", "new"])).toBe("status=active&condition=new");
  });

  it("lets an offset among the changes win, so page links move through the results", () => {
    expect(rebuilt("status=active&offset=20", ["offset", 40])).toBe("status=active&offset=40");
    expect(rebuilt("status=active", ["offset", "20"])).toBe("status=active&offset=20");
  });

  it("writes numbers as their decimal text", () => {
    expect(
      rebuilt("", [
        ["limit", 50],
        ["offset", 0],
      ]),
    ).toBe("limit=50&offset=0");
  });

  it("adds src when given, trimmed", () => {
    expect(rebuilt("status=active", ["condition", "used"], " conditionChange ")).toBe(
      "status=active&condition=used&src=conditionChange",
    );
  });

  it("replaces an earlier src, and drops it when this reload names none", () => {
    expect(rebuilt("src=filters&q=x", ["q", "y"], "pagination")).toBe("src=pagination&q=y");
    expect(rebuilt("src=filters&q=x", ["q", "y"])).toBe("q=y");
  });

  it("encodes what needs encoding", () => {
    expect(rebuilt("", ["q", "50% & more=yes"])).toBe("q=50%25+%26+more%3Dyes");
  });

  it("leaves the query it was given untouched", () => {
    const current = new URLSearchParams("offset=20&q=x");
    rebuildQuery(current, ["q", "y"]);
    expect(current.toString()).toBe("offset=20&q=x");
  });
});
