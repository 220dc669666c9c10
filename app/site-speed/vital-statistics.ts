/**
 * The maths of the site-speed dashboard's ratings and distributions. Its percentiles are read from
 * log histograms (log-histogram.ts); the exact ones the tests set them against are in
 * test/exact-vital-statistics.ts.
 */
import { rate, RATINGS, VITALS, type Rating, type VitalName } from "./vitals";

export type RatingCounts = Record<Rating, number>;

/** No page view counted in any rating. */
export const noRatings = (): RatingCounts => ({ good: 0, "needs-improvement": 0, poor: 0 });

/**
 * The rating of the value at the 75th percentile's rank (⌈0.75 n⌉-th smallest), exactly: from
 * the ratings' counts, not from a percentile read within 1 % of it (log-histogram.ts), which may
 * lie across a threshold (an INP of exactly 200 ms is common).
 */
export function ratingAtP75(counts: RatingCounts): Rating {
  const total = RATINGS.reduce((sum, rating) => sum + counts[rating], 0);
  const rank = Math.max(1, Math.ceil(0.75 * total));
  if (counts.good >= rank) return "good";
  return counts.good + counts["needs-improvement"] >= rank ? "needs-improvement" : "poor";
}

/**
 * `read`, a 75th percentile within 1 %, moved into the range of the rating the exact counts give
 * it: read from log bins, an exact 2,500 ms LCP may read 2,515 ms, past the "good" threshold its
 * rating keeps. The threshold is then nearer the exact value than the bin's middle was.
 */
export function withinRating(name: VitalName, read: number | null, counts: RatingCounts): number | null {
  if (read === null) return null;
  const [good, needsImprovement] = VITALS[name].thresholds;
  const rating = ratingAtP75(counts);
  if (rating === "good") return Math.min(read, good);
  if (rating === "needs-improvement") return Math.min(Math.max(read, justAbove(good)), needsImprovement);
  return Math.max(read, justAbove(needsImprovement));
}

/** A value rated worse than `threshold` (`rate` compares with <=), and within 1 % of it. */
const justAbove = (threshold: number) => threshold * (1 + Number.EPSILON * 4);

/** Whole per cents that add up to 100 (largest remainders), or zeros when nothing was counted. */
export function percentages(counts: RatingCounts): RatingCounts {
  const total = RATINGS.reduce((sum, rating) => sum + counts[rating], 0);
  if (total === 0) return noRatings();
  const exact = RATINGS.map((rating) => ({ rating, share: (counts[rating] * 100) / total }));
  const result = Object.fromEntries(exact.map(({ rating, share }) => [rating, Math.floor(share)])) as RatingCounts;
  let missing = 100 - RATINGS.reduce((sum, rating) => sum + result[rating], 0);
  for (const { rating } of exact.toSorted((a, b) => (b.share % 1) - (a.share % 1))) {
    if (missing-- <= 0) break;
    result[rating] += 1;
  }
  return result;
}

export interface HistogramBin {
  /** Exclusive lower edge (the first bin also holds 0). */
  from: number;
  /** Inclusive upper edge; null for the last, open-ended bin. */
  to: number | null;
  count: number;
  rating: Rating;
}

/** Bins of the vital's width; edges fall on its thresholds, so each bin has one rating. */
export function histogram(name: VitalName, values: readonly number[]): HistogramBin[] {
  const { binWidth, binCount } = VITALS[name];
  const bins: HistogramBin[] = Array.from({ length: binCount }, (_, index) => {
    const to = index === binCount - 1 ? null : (index + 1) * binWidth;
    return { from: index * binWidth, to, count: 0, rating: rate(name, to ?? Number.POSITIVE_INFINITY) };
  });
  for (const value of values) (bins[distributionBinOf(name, value)] as HistogramBin).count += 1;
  return bins;
}

/** Which of `histogram`'s bins a value falls in. */
export function distributionBinOf(name: VitalName, value: number): number {
  const { binWidth, binCount } = VITALS[name];
  return Math.min(binCount - 1, Math.max(0, Math.ceil(value / binWidth - 1e-9) - 1));
}

export interface TrendPoint {
  /** Start of the time bucket, epoch milliseconds. */
  start: number;
  p75: number | null;
  samples: number;
}
