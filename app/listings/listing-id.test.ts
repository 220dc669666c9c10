import { describe, expect, it } from "vitest";
import { parseListingId } from "./listing-id";

describe("parseListingId", () => {
  it("reads a positive whole number, from text or a number", () => {
    expect(parseListingId("42")).toBe(42);
    expect(parseListingId(7)).toBe(7);
    expect(parseListingId("2147483647")).toBe(2_147_483_647);
  });

  it.each([
    ["0"],
    ["-3"],
    ["4.5"],
    ["042"],
    ["12abc"],
    [" 12"],
    [""],
    ["2147483648"],
    ["99999999999999999999"],
    [null],
    [undefined],
    [{}],
  ])("refuses %j", (value) => {
    expect(parseListingId(value)).toBeNull();
  });
});
