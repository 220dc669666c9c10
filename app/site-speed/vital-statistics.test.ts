import { describe, expect, it } from "vitest";
import { countRatings, p75, percentile, trend } from "../../test/exact-vital-statistics";
import { histogram, percentages } from "./vital-statistics";

describe("percentile", () => {
  it("is the nearest-rank value: a value someone measured", () => {
    expect(p75([100, 200, 300, 400])).toBe(300);
    expect(p75([400, 100, 300, 200, 500])).toBe(400);
    expect(p75([1234])).toBe(1234);
    expect(percentile([5, 1, 3], 100)).toBe(5);
    expect(percentile([5, 1, 3], 0)).toBe(1);
  });

  it("is null without values", () => {
    expect(p75([])).toBeNull();
  });

  it("does not reorder the caller's values", () => {
    const values = [3, 1, 2];
    p75(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("ratings", () => {
  it("counts values against the thresholds, the thresholds themselves on the better side", () => {
    expect(countRatings("LCP", [1200, 2500, 2501, 4000, 4001, 9000])).toEqual({
      good: 2,
      "needs-improvement": 2,
      poor: 2,
    });
    expect(countRatings("CLS", [0, 0.1, 0.2, 0.3])).toEqual({ good: 2, "needs-improvement": 1, poor: 1 });
  });

  it("turns counts into whole per cents that add up to 100", () => {
    expect(percentages({ good: 1, "needs-improvement": 1, poor: 1 })).toEqual({
      good: 34,
      "needs-improvement": 33,
      poor: 33,
    });
    expect(percentages({ good: 3, "needs-improvement": 1, poor: 0 })).toEqual({
      good: 75,
      "needs-improvement": 25,
      poor: 0,
    });
    expect(percentages({ good: 0, "needs-improvement": 0, poor: 0 })).toEqual({
      good: 0,
      "needs-improvement": 0,
      poor: 0,
    });
  });
});

describe("histogram", () => {
  it("puts a value on a bin's upper edge into that bin, so the bin's rating matches the value's", () => {
    const bins = histogram("LCP", [0, 500, 501, 2500, 2501, 4000, 4001, 5500, 99_000]);
    expect(bins).toHaveLength(12);
    expect(bins[0]).toEqual({ from: 0, to: 500, count: 2, rating: "good" });
    expect(bins[1]).toEqual({ from: 500, to: 1000, count: 1, rating: "good" });
    expect(bins[4]).toEqual({ from: 2000, to: 2500, count: 1, rating: "good" });
    expect(bins[5]).toEqual({ from: 2500, to: 3000, count: 1, rating: "needs-improvement" });
    expect(bins[7]).toEqual({ from: 3500, to: 4000, count: 1, rating: "needs-improvement" });
    expect(bins[8]).toEqual({ from: 4000, to: 4500, count: 1, rating: "poor" });
    expect(bins[11]).toEqual({ from: 5500, to: null, count: 1, rating: "poor" });
    expect(bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(9);
  });

  it("bins layout-shift scores despite floating-point edges", () => {
    const bins = histogram("CLS", [0.1, 0.15, 0.25, 0.3]);
    expect(bins.map((bin) => bin.count)).toEqual([0, 1, 1, 0, 1, 1, 0, 0]);
    expect(bins.map((bin) => bin.rating)).toEqual([
      "good",
      "good",
      "needs-improvement",
      "needs-improvement",
      "needs-improvement",
      "poor",
      "poor",
      "poor",
    ]);
  });
});

describe("trend", () => {
  it("takes the 75th percentile of each time bucket and keeps empty buckets", () => {
    const hour = 3_600_000;
    const points = trend(
      [
        { at: 0, value: 100 },
        { at: 10, value: 300 },
        { at: 20, value: 200 },
        { at: 2 * hour + 5, value: 900 },
      ],
      [0, hour, 2 * hour],
      3 * hour,
    );
    expect(points).toEqual([
      { start: 0, p75: 300, samples: 3 },
      { start: hour, p75: null, samples: 0 },
      { start: 2 * hour, p75: 900, samples: 1 },
    ]);
  });

  it("counts a value at the very end of the period in the last bucket", () => {
    expect(trend([{ at: 100, value: 5 }], [0, 50], 100).map((point) => point.samples)).toEqual([0, 1]);
  });

  it("takes buckets of different lengths, as a day of summer time's change is", () => {
    const points = trend(
      [
        { at: 24, value: 1 },
        { at: 30, value: 2 },
        { at: 49, value: 3 },
      ],
      [0, 25, 49],
      73,
    );
    expect(points.map((point) => point.samples)).toEqual([1, 1, 1]);
  });
});
