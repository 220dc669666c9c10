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

/**
 * The values the bins tell apart: a picosecond (or a trillionth of a layout shift) to 10^15 ms,
 * thirty thousand years. A beacon's timings are a day at most (beacon-rules.ts), well inside;
 * a shift or timing below a picosecond is counted in the lowest bin and read as about 10^-12.
 * Bounded so, one histogram's bins are at most 3,109 neighbours, few enough to keep in an
 * array rather than a map: see `LogHistogram`.
 */
export const SMALLEST_VALUE = 1e-12;
export const LARGEST_VALUE = 1e15;

export interface LogHistogram {
  /** Values of 0 (a page that shifted nothing), which no logarithm takes: counted apart, exactly. */
  zeros: number;
  /** The bin `counts[0]` counts (none when `counts` is empty). */
  lowestBin: number;
  /**
   * How many values fell in each bin from `lowestBin` up, neighbour after neighbour, 0 for a bin
   * that counts none; never 0 at either end. An array rather than a map of bin → count: a
   * dashboard view merges some 500,000 bins, and a 30 days' view took 225 ms with a map, most of
   * it the map's work (a CPU profile at a million beacons, docs/decisions/049 "Bins in an array").
   */
  counts: number[];
}

export const emptyHistogram = (): LogHistogram => ({ zeros: 0, lowestBin: 0, counts: [] });

/** The histogram of `values`, each finite and not negative. */
export function histogramOf(values: Iterable<number>): LogHistogram {
  const histogram = emptyHistogram();
  for (const value of values) countValue(histogram, value);
  return histogram;
}

/** Counts `value` once more in `histogram`. */
export function countValue(histogram: LogHistogram, value: number): void {
  if (!(value >= 0 && value <= LARGEST_VALUE))
    throw new RangeError(`A vital's value is from 0 to ${LARGEST_VALUE}: ${value}.`);
  if (value === 0) {
    histogram.zeros += 1;
    return;
  }
  addToBin(histogram, binOf(value), 1);
}

/** Adds `source`'s counts to `target`'s: an hour's histogram into a day's, a day's into a period's. */
export function mergeHistogram(target: LogHistogram, source: LogHistogram): void {
  target.zeros += source.zeros;
  const { counts } = source;
  if (counts.length === 0) return;
  cover(target, source.lowestBin, source.lowestBin + counts.length - 1);
  const into = target.counts;
  const shift = source.lowestBin - target.lowestBin;
  for (let index = 0; index < counts.length; index += 1) (into[shift + index] as number) += counts[index] as number;
}

/**
 * Takes `source`'s counts back out of `target`'s (a page view resent with newer figures). A count
 * never goes below 0: what `target` lacks is left out, and the answer is false, so the caller can
 * say its sums were not what it thought rather than skew every percentile after.
 */
export function subtractHistogram(target: LogHistogram, source: LogHistogram): boolean {
  let whole = source.zeros <= target.zeros;
  target.zeros = Math.max(0, target.zeros - source.zeros);
  const into = target.counts;
  source.counts.forEach((count, index) => {
    if (count === 0) return;
    const at = source.lowestBin + index - target.lowestBin;
    const left = (into[at] ?? 0) - count;
    whole &&= left >= 0;
    if (at >= 0 && at < into.length) into[at] = Math.max(0, left);
  });
  trim(target);
  return whole;
}

export function countOf(histogram: LogHistogram): number {
  let count = histogram.zeros;
  for (const binCount of histogram.counts) count += binCount;
  return count;
}

/** How many bins count some values: what a histogram costs to keep, however many values it counts. */
export const binsUsed = (histogram: LogHistogram): number => histogram.counts.filter((count) => count > 0).length;

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
  const { counts } = histogram;
  for (let index = 0; index < counts.length; index += 1) {
    seen += counts[index] as number;
    if (seen >= rank) return histogram.lowestBin + index;
  }
  throw new Error("Unreachable: the bins' counts add up to the histogram's count.");
}

/**
 * How many values fall in bins above `bin` (ZEROS_BIN for the zeros'), or in it and above when
 * `orIn`. Values of one bin are within 2 % of each other and count as equal.
 */
export function countAbove(histogram: LogHistogram, bin: number, orIn = false): number {
  let count = orIn && bin === ZEROS_BIN ? histogram.zeros : 0;
  histogram.counts.forEach((binCount, index) => {
    const at = histogram.lowestBin + index;
    if (at > bin || (orIn && at === bin)) count += binCount;
  });
  return count;
}

/**
 * The bin of a value. Floating point may put a value on a bin's upper edge (γ^i itself) in the
 * next bin up; its distance from that bin's middle is then α, the bound still holds. A value
 * below SMALLEST_VALUE falls in its bin.
 */
const binOf = (value: number) => Math.ceil(Math.log(Math.max(value, SMALLEST_VALUE)) / LOG_GAMMA);

const LOWEST_BIN = binOf(SMALLEST_VALUE);
const HIGHEST_BIN = binOf(LARGEST_VALUE);

function addToBin(histogram: LogHistogram, bin: number, count: number): void {
  cover(histogram, bin, bin);
  (histogram.counts[bin - histogram.lowestBin] as number) += count;
}

/** Widens `histogram`'s bins, with counts of 0, to hold `low` to `high`. */
function cover(histogram: LogHistogram, low: number, high: number): void {
  const { counts } = histogram;
  if (counts.length === 0) {
    histogram.lowestBin = low;
    for (let bin = low; bin <= high; bin += 1) counts.push(0);
    return;
  }
  if (low < histogram.lowestBin) {
    histogram.counts = [...Array.from({ length: histogram.lowestBin - low }, () => 0), ...counts];
    histogram.lowestBin = low;
  }
  for (let bin = histogram.lowestBin + histogram.counts.length; bin <= high; bin += 1) histogram.counts.push(0);
}

/** Drops the bins that count none at either end, so that no end is 0. */
function trim(histogram: LogHistogram): void {
  const { counts } = histogram;
  let first = 0;
  while (first < counts.length && counts[first] === 0) first += 1;
  let end = counts.length;
  while (end > first && counts[end - 1] === 0) end -= 1;
  if (first === 0 && end === counts.length) return;
  histogram.counts = counts.slice(first, end);
  histogram.lowestBin = first < end ? histogram.lowestBin + first : 0;
}

/**
 * How a histogram is stored (in a summary's JSON), in whichever of two forms is the shorter
 * (`storeHistogram`). Its bins' counts from `lowestBin` up, as it is kept: reading an array of
 * numbers is several times quicker than an object, and a day's histogram holds many neighbouring
 * bins. Or its bins by index, as summaries stored every histogram before 2026-11-28: shorter for
 * an hour's one or two page views, and for values far apart (a timing of a picosecond and one of
 * a day, which a beacon may hold, are 2,300 bins apart). docs/decisions/049, "Bins in an array".
 */
export type StoredHistogram = StoredBinArray | StoredBinsByIndex;

export interface StoredBinArray {
  zeros: number;
  lowestBin: number;
  counts: number[];
}

export interface StoredBinsByIndex {
  zeros: number;
  bins: Record<string, number>;
}

/** A histogram in the shorter of its two stored forms. */
export function storeHistogram({ zeros, lowestBin, counts }: LogHistogram): StoredHistogram {
  // The two forms' JSON lengths, less what they share ({"zeros":N,…}): as an array
  // "lowestBin":L,"counts":[c,c,…] and each count with its comma; by index "bins":{…} and each
  // "b":c, with its comma.
  const digits = (value: number) => String(value).length;
  let asArray = 22 + digits(lowestBin);
  let byIndex = 9;
  counts.forEach((count, index) => {
    asArray += digits(count) + 1;
    if (count > 0) byIndex += digits(lowestBin + index) + digits(count) + 4;
  });
  if (asArray < byIndex) return { zeros, lowestBin, counts: [...counts] };
  const bins: Record<string, number> = {};
  counts.forEach((count, index) => {
    if (count > 0) bins[String(lowestBin + index)] = count;
  });
  return { zeros, bins };
}

const BIN_INDEX = /^-?\d+$/;

/**
 * Throws StoredFiguresError unless `stored` is a stored histogram, of either form. Checked by
 * hand, not by a zod schema: a dashboard view reads thousands of summaries of some twenty
 * histograms each (docs/decisions/089 says what that cost).
 */
export function checkStoredHistogram(stored: unknown): asserts stored is StoredHistogram {
  if (!isObject(stored) || !isCount(stored.zeros))
    throw new StoredFiguresError("A stored histogram is { zeros, lowestBin, counts }.");
  if (Array.isArray(stored.counts)) {
    const { lowestBin, counts } = stored;
    const fits =
      counts.length === 0 ||
      (Number.isSafeInteger(lowestBin) &&
        (lowestBin as number) >= LOWEST_BIN &&
        (lowestBin as number) + counts.length - 1 <= HIGHEST_BIN &&
        counts[0] !== 0 &&
        counts.at(-1) !== 0);
    if (!fits) throw new StoredFiguresError(`A stored histogram's bins from ${String(lowestBin)} are out of range.`);
    for (const count of counts)
      if (!isCount(count)) throw new StoredFiguresError(`A stored histogram's bin counts ${String(count)}.`);
    return;
  }
  if (!isObject(stored.bins)) throw new StoredFiguresError("A stored histogram is { zeros, lowestBin, counts }.");
  for (const bin in stored.bins) {
    const count = stored.bins[bin];
    if (!BIN_INDEX.test(bin) || Number(bin) > HIGHEST_BIN || !isCount(count) || count === 0)
      throw new StoredFiguresError(`A stored histogram's bin ${bin} counts ${String(count)}.`);
  }
}

/**
 * Adds a stored histogram's counts, checked by `checkStoredHistogram`, to `target`'s. Of the form
 * by index, a bin below the lowest (stored before the values had a floor) is read as the lowest,
 * as its value would be counted now.
 */
export function addStoredHistogram(target: LogHistogram, stored: StoredHistogram): void {
  if (Array.isArray((stored as StoredBinArray).counts)) {
    mergeHistogram(target, stored as StoredBinArray);
    return;
  }
  const { zeros, bins } = stored as StoredBinsByIndex;
  target.zeros += zeros;
  // Their range first, then each count in place: a stored histogram's negative bins come last in
  // a for…in loop, after the others, and taking them one by one would shift the array each time.
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const bin in bins) {
    const index = Math.max(LOWEST_BIN, Number(bin));
    if (index < low) low = index;
    if (index > high) high = index;
  }
  if (low > high) return;
  cover(target, low, high);
  const into = target.counts;
  for (const bin in bins) (into[Math.max(LOWEST_BIN, Number(bin)) - target.lowestBin] as number) += bins[bin] as number;
}
