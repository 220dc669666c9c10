import { describe, expect, it } from "vitest";
import { readPageOffset } from "./page-offset";

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
