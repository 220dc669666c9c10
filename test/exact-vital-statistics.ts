/**
 * The site-speed figures computed exactly from a page view's values: the nearest-rank percentile,
 * ratings counted one by one, a vital's trend and summary. The dashboard reads them from the sums'
 * log histograms (app/site-speed/log-histogram.ts), within 1 %; the tests set those against these.
 */
import type { VitalCharts, VitalSummary } from "~/site-speed/site-speed-report";
import { histogram, noRatings, percentages, type RatingCounts, type TrendPoint } from "~/site-speed/vital-statistics";
import { rate, type VitalName } from "~/site-speed/vitals";

/**
 * The nearest-rank percentile: the smallest measured value that at least `p` per cent of the
 * values do not exceed. Always a value some seller actually experienced; null without values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1] as number;
}

/** Web vitals are judged at the 75th percentile: three page views in four were at least this fast. */
export const p75 = (values: readonly number[]) => percentile(values, 75);

export function countRatings(name: VitalName, values: readonly number[]): RatingCounts {
  const counts = noRatings();
  for (const value of values) counts[rate(name, value)] += 1;
  return counts;
}

export interface TimedValue {
  /** Epoch milliseconds. */
  at: number;
  value: number;
}

/** The 75th percentile per time bucket (each from its start to the next's, the last to `until`); empty buckets stay in, with null. */
export function trend(values: readonly TimedValue[], bucketStarts: readonly number[], until: number): TrendPoint[] {
  const buckets: number[][] = bucketStarts.map(() => []);
  for (const { at, value } of values) {
    // The last bucket whose start is at or before the value; one at `until` counts in the last.
    let index = bucketStarts.findLastIndex((start) => start <= Math.min(at, until - 1));
    if (index < 0) index = 0;
    buckets[index]?.push(value);
  }
  return buckets.map((bucket, index) => ({
    start: bucketStarts[index]!,
    p75: p75(bucket),
    samples: bucket.length,
  }));
}

/** One vital of one page in a period: its percentile and rating, and its counts. */
export function summariseVital(name: VitalName, values: readonly number[], previousP75: number | null): VitalSummary {
  const seventyFifth = p75(values);
  const ratingCounts = countRatings(name, values);
  return {
    name,
    samples: values.length,
    p75: seventyFifth,
    rating: seventyFifth === null ? null : rate(name, seventyFifth),
    previousP75,
    ratingCounts,
    ratingPercentages: percentages(ratingCounts),
  };
}

/** One vital's charts of one page in a period: its distribution, and its trend over `bucketStarts` up to `until`. */
export function chartVital(
  name: VitalName,
  values: readonly TimedValue[],
  bucketStarts: readonly number[],
  until: number,
): VitalCharts {
  return {
    histogram: histogram(
      name,
      values.map((value) => value.value),
    ),
    trend: trend(values, bucketStarts, until),
  };
}
