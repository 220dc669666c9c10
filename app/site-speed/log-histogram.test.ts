import { describe, expect, it } from "vitest";
import { randomSequence } from "~/db/seed.server";
import {
  addStoredHistogram,
  binsUsed,
  checkStoredHistogram,
  countAbove,
  countOf,
  countValue,
  emptyHistogram,
  histogramOf,
  LARGEST_VALUE,
  mergeHistogram,
  percentileBinOf,
  percentileOf,
  RELATIVE_ACCURACY,
  SMALLEST_VALUE,
  storeHistogram,
  subtractHistogram,
  ZEROS_BIN,
  type LogHistogram,
} from "./log-histogram";
import { StoredFiguresError } from "./stored-figures-checks";
import { percentile } from "../../test/exact-vital-statistics";

/** Log-normal draws (a median and a spread), the shape real-user timings take. */
function logNormal(seed: number, count: number, median: number, sigma: number): number[] {
  const random = randomSequence(seed);
  return Array.from({ length: count }, () => {
    // Box–Muller: a standard normal draw from two uniform ones.
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return median * Math.exp(sigma * normal);
  });
}

const PERCENTILES = [1, 25, 50, 75, 90, 95, 99, 100];

/** A histogram's bins by index, as the shorter stored form holds them. */
function storeHistogramBins({ lowestBin, counts }: LogHistogram): Record<string, number> {
  return Object.fromEntries(counts.flatMap((count, index) => (count > 0 ? [[String(lowestBin + index), count]] : [])));
}

/** A bin's upper edge over its lower: bin i holds (γ^(i−1), γ^i]. */
const GAMMA = (1 + RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY);

/** Whether every percentile read from the histogram is within the stated error of the exact one. */
function expectWithinAccuracy(values: readonly number[]) {
  const histogram = histogramOf(values);
  for (const p of PERCENTILES) {
    const exact = percentile(values, p) as number;
    const read = percentileOf(histogram, p) as number;
    // The stated bound, and a hair for floating point at a bin's edge.
    expect(Math.abs(read - exact), `p${p}: ${read} against ${exact}`).toBeLessThanOrEqual(
      RELATIVE_ACCURACY * exact * (1 + 1e-9),
    );
  }
}

describe("a log histogram's percentiles", () => {
  it.each([
    { drawn: "LCP in milliseconds", values: logNormal(1, 10_000, 1800, 0.6) },
    { drawn: "INP in milliseconds", values: logNormal(2, 10_000, 90, 1.1) },
    { drawn: "TTFB, a few page views", values: logNormal(3, 7, 400, 0.4) },
    { drawn: "a heavy tail up to ten minutes", values: logNormal(4, 20_000, 3000, 2) },
  ])(`are within ${RELATIVE_ACCURACY * 100} per cent of the exact nearest-rank ones: $drawn`, ({ values }) => {
    expectWithinAccuracy(values);
  });

  it("reads layout shifts of 0 exactly, however many of them, and the shifted ones within the error", () => {
    const random = randomSequence(5);
    const shifts = Array.from({ length: 5000 }, () => (random() < 0.7 ? 0 : random() * 0.4));
    expectWithinAccuracy(shifts);
    expect(percentileOf(histogramOf(shifts), 50)).toBe(0);
  });

  it("holds the bound on 200 seeded draws of every size, median and spread", () => {
    const random = randomSequence(6);
    for (let draw = 0; draw < 200; draw += 1) {
      const count = 1 + Math.floor(random() * 3000);
      expectWithinAccuracy(logNormal(100 + draw, count, 1 + random() * 5000, 0.1 + random() * 2));
    }
  });

  it("holds it at the odd ends of its range: a picosecond, a millennium, one value alone", () => {
    expectWithinAccuracy([SMALLEST_VALUE, 1e-9, 0.001, 1, 3.2e13, LARGEST_VALUE]);
    expectWithinAccuracy([42]);
    expect(percentileOf(histogramOf([0]), 75)).toBe(0);
  });

  it("counts a value below its range in its lowest bin, read as about a picosecond", () => {
    const values = [Number.MIN_VALUE, 1e-300, 1e-13];
    const histogram = histogramOf(values);
    expect(binsUsed(histogram)).toBe(1);
    for (const p of PERCENTILES) expect(percentileOf(histogram, p) as number).toBeCloseTo(SMALLEST_VALUE, 13);
    expect(histogram).toEqual(histogramOf([SMALLEST_VALUE, SMALLEST_VALUE, SMALLEST_VALUE]));
  });

  it.each([2 ** 53, 1e20, Number.MAX_VALUE])("refuses %s, past its range, counting nothing", (value) => {
    const histogram = histogramOf([100]);
    expect(() => countValue(histogram, value)).toThrow(RangeError);
    expect(histogram).toEqual(histogramOf([100]));
  });

  it("is null for no values, as the exact percentile is", () => {
    expect(percentileOf(emptyHistogram(), 75)).toBeNull();
  });

  it("keeps few bins: about 200 for a vital's usual spread, never one per value", () => {
    const histogram = histogramOf(logNormal(7, 100_000, 1800, 0.6));
    expect(countOf(histogram)).toBe(100_000);
    expect(binsUsed(histogram)).toBeLessThan(250);
    // From 1 ms to an hour in steps finer than a bin, so every bin between holds some: there are
    // ⌈log(3,600,000) / log(γ)⌉ + 1 of them, 756, however many values.
    const values: number[] = [];
    for (let value = 1; value <= 3_600_000; value *= 1.005) values.push(value);
    expect(binsUsed(histogramOf(values))).toBe(756);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -1, -0.001])(
    "refuses %s, counting nothing",
    (value) => {
      const histogram = histogramOf([100]);
      expect(() => countValue(histogram, value)).toThrow(RangeError);
      expect(storeHistogram(histogram)).toEqual(storeHistogram(histogramOf([100])));
    },
  );
});

describe("splitting at a percentile's bin (regressions.ts)", () => {
  it("counts the values above the bin, or in it and above, values of one bin as equal", () => {
    // 1,000 and 1,005 share a bin (2 % wide); 2,000 lies far above it.
    const histogram = histogramOf([0, 0, 1000, 1005, 2000, 2000, 2000]);
    const bin = percentileBinOf(histogram, 50) as number;
    expect(percentileOf(histogram, 50)).toBeCloseTo(1000, -1);
    expect(countAbove(histogram, bin)).toBe(3);
    expect(countAbove(histogram, bin, true)).toBe(5);
  });

  it("puts the zeros below every bin: above them every shifted value, in them and above, all", () => {
    const histogram = histogramOf([0, 0, 0, 0.05]);
    expect(percentileBinOf(histogram, 75)).toBe(ZEROS_BIN);
    expect(countAbove(histogram, ZEROS_BIN)).toBe(1);
    expect(countAbove(histogram, ZEROS_BIN, true)).toBe(4);
    // A bin above the zeros counts none of them.
    expect(countAbove(histogram, percentileBinOf(histogram, 100) as number, true)).toBe(1);
  });

  it("has no bin for no values", () => {
    expect(percentileBinOf(emptyHistogram(), 75)).toBeNull();
    expect(countAbove(emptyHistogram(), 0, true)).toBe(0);
  });
});

describe("summing and taking back", () => {
  it("merges two hours into the histogram of both hours' values", () => {
    const first = logNormal(8, 3000, 1500, 0.5);
    const second = logNormal(9, 500, 4000, 0.8);
    const merged = histogramOf(first);
    mergeHistogram(merged, histogramOf(second));
    expect(merged).toEqual(histogramOf([...first, ...second]));
  });

  it("takes a resent page view's old figures back out, leaving the histogram as if they were never counted", () => {
    const histogram = histogramOf([1200, 0, 3400, 3400]);
    expect(subtractHistogram(histogram, histogramOf([3400, 0]))).toBe(true);
    expect(histogram).toEqual(histogramOf([1200, 3400]));
  });

  it("says so when asked to take out what it never counted, and counts nothing below 0", () => {
    const histogram = histogramOf([1200, 5000]);
    expect(subtractHistogram(histogram, histogramOf([5000, 5000, 0, 77]))).toBe(false);
    expect(histogram).toEqual(histogramOf([1200]));
  });
});

describe("stored as JSON", () => {
  /** What `storeHistogram` gives, through JSON text, read back into a histogram of its own. */
  const throughJson = (histogram: LogHistogram) => {
    const read = emptyHistogram();
    const stored: unknown = JSON.parse(JSON.stringify(storeHistogram(histogram)));
    checkStoredHistogram(stored);
    addStoredHistogram(read, stored);
    return read;
  };

  it("reads back what it stored, in either form, through JSON text", () => {
    for (const histogram of [
      histogramOf([0, 0, 0.0001, 0.05, 1, 250, 2500, LARGEST_VALUE]),
      histogramOf(logNormal(12, 5000, 1800, 0.6)),
      histogramOf([SMALLEST_VALUE, 86_400_000]),
      emptyHistogram(),
    ])
      expect(throughJson(histogram)).toEqual(histogram);
  });

  it("stores many neighbouring bins as an array from the lowest up, 0 where a bin counts none", () => {
    const inBin = (bin: number) => GAMMA ** (bin - 0.5);
    expect(storeHistogram(histogramOf([0, inBin(7), inBin(9), inBin(9), inBin(10), inBin(11), inBin(12)]))).toEqual({
      zeros: 1,
      lowestBin: 7,
      counts: [1, 0, 2, 1, 1, 1],
    });
    const day = storeHistogram(histogramOf(logNormal(13, 5000, 1800, 0.6)));
    expect(day).toHaveProperty("counts");
    expect(day).not.toHaveProperty("bins");
  });

  it("stores a few bins, or bins far apart, by index: the shorter form", () => {
    const inBin = (bin: number) => GAMMA ** (bin - 0.5);
    expect(storeHistogram(histogramOf([inBin(371)]))).toEqual({ zeros: 0, bins: { "371": 1 } });
    expect(storeHistogram(histogramOf([0, inBin(7), inBin(9), inBin(9)]))).toEqual({
      zeros: 1,
      bins: { "7": 1, "9": 2 },
    });
    // A picosecond and a day, which a beacon may hold: 2,300 bins apart, two entries stored.
    expect(storeHistogram(histogramOf([SMALLEST_VALUE, 86_400_000]))).toEqual({
      zeros: 0,
      bins: { "-1381": 1, "914": 1 },
    });
    expect(storeHistogram(emptyHistogram())).toEqual({ zeros: 0, bins: {} });
  });

  it("stores the shorter form, by the JSON's own length", () => {
    for (const histogram of [
      histogramOf([1]),
      histogramOf([1, 1.05]),
      histogramOf([1, 1.1, 1.2]),
      histogramOf(logNormal(14, 50, 900, 0.3)),
      histogramOf(logNormal(15, 500, 900, 2)),
    ]) {
      const { zeros, lowestBin, counts } = histogram;
      const asArray = JSON.stringify({ zeros, lowestBin, counts }).length;
      const byIndex = JSON.stringify({ zeros, bins: storeHistogramBins(histogram) }).length;
      expect(JSON.stringify(storeHistogram(histogram)).length).toBe(Math.min(asArray, byIndex));
    }
  });

  it("reads a bin stored by index below the lowest as the lowest, and adds bins on both sides of what it holds", () => {
    const read = histogramOf([1000]);
    const stored = { zeros: 1, bins: { "-5000": 2, "-3": 1, "500": 4 } };
    checkStoredHistogram(stored);
    addStoredHistogram(read, stored);
    // A value in the middle of bin i is γ^(i − ½).
    const inBin = (bin: number) => GAMMA ** (bin - 0.5);
    expect(read).toEqual(
      histogramOf([0, SMALLEST_VALUE, SMALLEST_VALUE, inBin(-3), 1000, ...Array<number>(4).fill(inBin(500))]),
    );
  });

  it.each([
    ["not an object", "[]"],
    ["a negative count", { zeros: -1, bins: {} }],
    ["a fractional bin", { zeros: 0, bins: { "1.5": 2 } }],
    ["a count of none kept", { zeros: 0, bins: { "3": 0 } }],
    ["a count as text", { zeros: 0, bins: { "3": "7" } }],
    ["a count past exact numbers", { zeros: 0, bins: { "3": 2 ** 53 } }],
    ["zeros past exact numbers", { zeros: 1e20, bins: {} }],
    ["a bin above the highest (over 10^15)", { zeros: 0, bins: { "1728": 1 } }],
    ["bins of neither form", { zeros: 0, counts: { "3": 1 } }],
    ["an array of bins with a fractional count", { zeros: 0, lowestBin: 3, counts: [1, 0.5, 2] }],
    ["an array of bins with a negative count", { zeros: 0, lowestBin: 3, counts: [1, -1, 2] }],
    ["an array of bins from no bin", { zeros: 0, counts: [1] }],
    ["an array of bins from a fractional bin", { zeros: 0, lowestBin: 2.5, counts: [1] }],
    ["an array of bins below the lowest", { zeros: 0, lowestBin: -1382, counts: [1] }],
    ["an array of bins past the highest", { zeros: 0, lowestBin: 1727, counts: [1, 1] }],
    ["an array of bins that begins with none", { zeros: 0, lowestBin: 3, counts: [0, 1] }],
    ["an array of bins that ends with none", { zeros: 0, lowestBin: 3, counts: [1, 0] }],
  ])("refuses %s", (_, stored) => {
    expect(() => checkStoredHistogram(stored)).toThrow(StoredFiguresError);
  });
});
