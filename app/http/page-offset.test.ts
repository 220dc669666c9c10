import { describe, expect, it } from "vitest";
import { readPageOffset, shownPageOffset } from "./page-offset";

const offsetOf = (value: string) => readPageOffset(new URLSearchParams({ offset: value }));

describe("readPageOffset", () => {
  it("takes a whole number from 0", () => {
    expect(readPageOffset(new URLSearchParams())).toBe(0);
    expect(offsetOf("40")).toBe(40);
    expect(offsetOf(String(2 ** 53 - 1))).toBe(2 ** 53 - 1);
  });

  it("reads anything else as the first page, never a number a database refuses", () => {
    for (const value of [
      "1e20",
      "1e308",
      "Infinity",
      "-Infinity",
      "NaN",
      "-1",
      "-0",
      "2.5",
      "ten",
      String(2 ** 53 + 1),
    ])
      expect(Object.is(offsetOf(value), 0), value).toBe(true);
  });
});

describe("shownPageOffset", () => {
  it("shows the last page for an offset past the end, not an empty one", () => {
    // The changes page and a change's listings showed an empty table, with no page marked current,
    // for a link kept past their end (an audit of 2026-11-29); the listings showed the last page.
    expect(shownPageOffset(1000, 30, 20)).toBe(20);
    expect(shownPageOffset(40, 40, 20)).toBe(20);
    expect(shownPageOffset(39, 40, 20)).toBe(39);
    expect(shownPageOffset(0, 0, 20)).toBe(0);
    expect(shownPageOffset(2 ** 53 - 1, 5, 20)).toBe(0);
  });
});
