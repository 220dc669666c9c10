/**
 * A vital's values counted in logarithmic bins, so that a page's figures can be summed per hour
 * and merged into any period without keeping its page views (docs/decisions/049). The mapping is
 * DDSketch's (Masson, Rim and Lee, VLDB 2019): a value v > 0 falls in bin i = ⌈log_γ v⌉, which
 * holds (γ^(i−1), γ^i], with γ = (1 + α) / (1 − α). Every value of a bin is within α of the bin's
 * middle, 2γ^i / (γ + 1), so a percentile read from the bins is within α of the exact one at the
 * same rank, however many values were counted: no bins are ever merged to save room. Why the
 * hub's own code and not `@datadog/sketches-js`: docs/decisions/088.
 */
import { isCount, isObject, StoredFiguresError } from "./stored-figures-checks";

/** How far a percentile read from the bins may be from the exact one: 1 % of it. */
export const RELATIVE_ACCURACY = 0.01;

const GAMMA = (1 + RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY);
const LOG_GAMMA = Math.log(GAMMA);

export interface LogHistogram {
  /** Values of 0 (a page that shifted nothing), which no logarithm takes: counted apart, exactly. */
  zeros: number;
  /** Bin index → how many values fell in it. A bin that counts none is not kept. */
  bins: Map<number, number>;
}

export const emptyHistogram = (): LogHistogram => ({ zeros: 0, bins: new Map() });

/** The histogram of `values`, each finite and not negative. */
export function histogramOf(values: Iterable<number>): LogHistogram {
  const histogram = emptyHistogram();
  for (const value of values) countValue(histogram, value);
  return histogram;
}

/** Counts `value` once more in `histogram`. */
export function countValue(histogram: LogHistogram, value: number): void {
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`A vital's value is finite and not negative: ${value}.`);
  if (value === 0) {
    histogram.zeros += 1;
    return;
  }
  const bin = binOf(value);
  histogram.bins.set(bin, (histogram.bins.get(bin) ?? 0) + 1);
}

/** Adds `source`'s counts to `target`'s: an hour's histogram into a day's, a day's into a period's. */
export function mergeHistogram(target: LogHistogram, source: LogHistogram): void {
  target.zeros += source.zeros;
  for (const [bin, count] of source.bins) target.bins.set(bin, (target.bins.get(bin) ?? 0) + count);
}

/**
 * Takes `source`'s counts back out of `target`'s (a page view resent with newer figures). A count
 * never goes below 0: what `target` lacks is left out, and the answer is false, so the caller can
 * say its sums were not what it thought rather than skew every percentile after.
 */
export function subtractHistogram(target: LogHistogram, source: LogHistogram): boolean {
  let whole = source.zeros <= target.zeros;
  target.zeros = Math.max(0, target.zeros - source.zeros);
  for (const [bin, count] of source.bins) {
    const left = (target.bins.get(bin) ?? 0) - count;
    whole &&= left >= 0;
    if (left > 0) target.bins.set(bin, left);
    else target.bins.delete(bin);
  }
  return whole;
}

export function countOf(histogram: LogHistogram): number {
  let count = histogram.zeros;
  for (const binCount of histogram.bins.values()) count += binCount;
  return count;
}

/** Where a histogram's zeros are counted, below every bin. */
export const ZEROS_BIN = -Infinity;

/**
 * The nearest-rank percentile, at the rank the exact `percentile` reads (the ⌈p/100 · n⌉-th
 * smallest value; test/exact-vital-statistics.ts), as the middle of the bin holding it: within
 * RELATIVE_ACCURACY of the exact value; 0 when that value was 0. Null for an empty histogram.
 */
export function percentileOf(histogram: LogHistogram, p: number): number | null {
  const bin = percentileBinOf(histogram, p);
  if (bin === null) return null;
  return bin === ZEROS_BIN ? 0 : (2 * GAMMA ** bin) / (GAMMA + 1);
}

/** The bin holding the nearest-rank percentile `p` (ZEROS_BIN when that value was 0); null for an empty histogram. */
export function percentileBinOf(histogram: LogHistogram, p: number): number | null {
  const count = countOf(histogram);
  if (count === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * count));
  if (rank <= histogram.zeros) return ZEROS_BIN;
  let seen = histogram.zeros;
  for (const bin of [...histogram.bins.keys()].toSorted((a, b) => a - b)) {
    seen += histogram.bins.get(bin) as number;
    if (seen >= rank) return bin;
  }
  throw new Error("Unreachable: the bins' counts add up to the histogram's count.");
}

/**
 * How many values fall in bins above `bin` (ZEROS_BIN for the zeros'), or in it and above when
 * `orIn`. Values of one bin are within 2 % of each other and count as equal.
 */
export function countAbove(histogram: LogHistogram, bin: number, orIn = false): number {
  let count = orIn && bin === ZEROS_BIN ? histogram.zeros : 0;
  for (const [index, binCount] of histogram.bins) if (index > bin || (orIn && index === bin)) count += binCount;
  return count;
}

/**
 * The bin of a value. Floating point may put a value on a bin's upper edge (γ^i itself) in the
 * next bin up; its distance from that bin's middle is then α, the bound still holds.
 */
const binOf = (value: number) => Math.ceil(Math.log(value) / LOG_GAMMA);

/**
 * How a histogram is stored (in a summary's JSON): bins as an object of index → count, which
 * JSON can hold and a reader of the database can follow.
 */
export interface StoredHistogram {
  zeros: number;
  bins: Record<string, number>;
}

export const storeHistogram = (histogram: LogHistogram): StoredHistogram => ({
  zeros: histogram.zeros,
  bins: Object.fromEntries([...histogram.bins].map(([bin, count]) => [String(bin), count])),
});

const BIN_INDEX = /^-?\d+$/;

/**
 * Throws StoredFiguresError unless `stored` is a stored histogram. Checked by hand, not by a zod
 * schema: a dashboard view reads thousands of summaries of some twenty histograms each
 * (docs/decisions/089 says what that cost).
 */
export function checkStoredHistogram(stored: unknown): asserts stored is StoredHistogram {
  if (!isObject(stored) || !isCount(stored.zeros) || !isObject(stored.bins))
    throw new StoredFiguresError("A stored histogram is { zeros, bins }.");
  for (const bin in stored.bins) {
    const count = stored.bins[bin];
    if (!BIN_INDEX.test(bin) || !isCount(count) || count === 0)
      throw new StoredFiguresError(`A stored histogram's bin ${bin} counts ${String(count)}.`);
  }
}

/** Adds a stored histogram's counts, checked by `checkStoredHistogram`, to `target`'s. */
export function addStoredHistogram(target: LogHistogram, stored: StoredHistogram): void {
  target.zeros += stored.zeros;
  for (const bin in stored.bins) {
    const index = Number(bin);
    target.bins.set(index, (target.bins.get(index) ?? 0) + (stored.bins[bin] as number));
  }
}
