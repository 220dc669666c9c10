import { describe, expect, it } from "vitest";
import { budget, budgetTable, kB, median, percentile } from "./report";

describe("benchmark report", () => {
  it("takes the median of the finite samples", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([Number.NaN, 2])).toBe(2);
    expect(median([])).toBeNaN();
  });

  it("takes the nearest-rank percentile of the finite samples", () => {
    const hundred = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile([3, Number.NaN, 1, 2], 95)).toBe(3);
    expect(percentile([], 95)).toBeNaN();
  });

  it("passes a budget at its limit and misses past it, in either direction", () => {
    expect(budget("js", 110_000, 110_000, kB).pass).toBe(true);
    expect(budget("js", 110_001, 110_000, kB).pass).toBe(false);
    expect(budget("throughput", 1 / 30, 1 / 40, String, "at least").pass).toBe(true);
    expect(budget("throughput", 1 / 60, 1 / 40, String, "at least").pass).toBe(false);
  });

  it("says so when a figure could not be measured, rather than passing it", () => {
    const unmeasured = budget("frame", null, 20_000, kB);
    expect(unmeasured.pass).toBeNull();
    expect(budgetTable([unmeasured])).toContain("| frame | not measured | at most 20.0 kB | not measured |");
  });
});
