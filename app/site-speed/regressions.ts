/**
 * Which pages got slower: a page's web vital whose 75th percentile this week is worse than the
 * week before's by more than chance and by enough to matter. The dashboard flags them first;
 * `npm run speed:report` prints them for a deployment's check. Decision 047 says why this rule.
 */
import {
  countAbove,
  countOf,
  emptyHistogram,
  mergeHistogram,
  percentileBinOf,
  percentileOf,
  type LogHistogram,
} from "./log-histogram";
import { withinRating, type RatingCounts } from "./vital-statistics";
import { VITAL_NAMES, VITALS, type VitalName } from "./vitals";

/** Fewer page views than this in either week, and a week's 75th percentile is one seller's afternoon. */
export const MIN_REGRESSION_SAMPLES = 30;

/** Worse by at least this share of last week's 75th percentile (10 %)… */
export const MIN_RELATIVE_WORSENING = 0.1;

/** …and by at least this share of the vital's "good" threshold: 250 ms of LCP, 20 ms of INP, 0.01 of CLS. */
export const MIN_WORSENING_OF_GOOD = 0.1;

/**
 * Whether the change is more than chance: both weeks' page views are split at the bin of their
 * pooled 75th percentile, and the share of this week's above it must exceed the week before's by
 * this many standard errors (a two-proportion test, one-sided, p ≈ 0.0013: Mood's test at the
 * 75th percentile). Setting this week against last week's own 75th percentile ignores that it was
 * measured too: on two weeks drawn alike, that flagged 23 of 1,000 (the unit test's finding).
 */
export const REGRESSION_STANDARD_ERRORS = 3;

export interface SpeedRegression {
  pageName: string;
  vital: VitalName;
  /** The week before's 75th percentile, and this week's: each within 1 % (log-histogram.ts). */
  previousP75: number;
  p75: number;
  /** Page views that measured the vital, this week and the week before. */
  samples: number;
  previousSamples: number;
}

/** A vital's values of one page in one week: counted in a log histogram, and per rating exactly. */
export interface MeasuredVital {
  histogram: LogHistogram;
  ratings: RatingCounts;
}

/**
 * Each page's measured values of each vital in one week: summed from the days and hours (the
 * dashboard's and `npm run speed:report`'s), or counted from raw beacons (the tests' exact report).
 */
export type PageVitalHistograms = ReadonlyMap<string, Partial<Record<VitalName, MeasuredVital>>>;

/**
 * The regressions of `thisWeek` against `weekBefore`, the most worsened first: by how much the
 * 75th percentile rose, as a share of the vital's "good" threshold, so that vitals of different
 * units compare (and a CLS from 0 is not infinitely worse).
 */
export function findRegressions(thisWeek: PageVitalHistograms, weekBefore: PageVitalHistograms): SpeedRegression[] {
  const found: SpeedRegression[] = [];
  for (const [pageName, vitals] of thisWeek) {
    for (const vital of VITAL_NAMES) {
      const regression = compareWeeks(vital, vitals[vital], weekBefore.get(pageName)?.[vital]);
      if (regression) found.push({ pageName, vital, ...regression });
    }
  }
  const worsening = (regression: SpeedRegression) =>
    (regression.p75 - regression.previousP75) / VITALS[regression.vital].thresholds[0];
  return found.toSorted((a, b) => worsening(b) - worsening(a) || a.pageName.localeCompare(b.pageName));
}

function compareWeeks(
  vital: VitalName,
  measured: MeasuredVital | undefined,
  previousMeasured: MeasuredVital | undefined,
): Omit<SpeedRegression, "pageName" | "vital"> | null {
  if (!measured || !previousMeasured) return null;
  const { histogram: values, ratings } = measured;
  const { histogram: previousValues, ratings: previousRatings } = previousMeasured;
  const samples = countOf(values);
  const previousSamples = countOf(previousValues);
  if (samples < MIN_REGRESSION_SAMPLES || previousSamples < MIN_REGRESSION_SAMPLES) return null;
  // As the pages table shows them: within 1 %, and in the exact value's rating (vital-statistics.ts).
  const previousP75 = withinRating(vital, percentileOf(previousValues, 75), previousRatings) as number;
  const current = withinRating(vital, percentileOf(values, 75), ratings) as number;
  const worsening = current - previousP75;
  if (worsening < MIN_RELATIVE_WORSENING * previousP75) return null;
  if (worsening < MIN_WORSENING_OF_GOOD * VITALS[vital].thresholds[0]) return null;
  if (!beyondChance(values, previousValues)) return null;
  return { previousP75, p75: current, samples, previousSamples };
}

function beyondChance(values: LogHistogram, previousValues: LogHistogram): boolean {
  const pooled = emptyHistogram();
  mergeHistogram(pooled, values);
  mergeHistogram(pooled, previousValues);
  const pooledCount = countOf(pooled);
  const pooledBin = percentileBinOf(pooled, 75) as number;
  // Split above the pooled percentile's bin, or in it and above, whichever puts nearer a quarter
  // of the page views above: with many equal values (a CLS of 0 on most page views, a week of one
  // value throughout) one of the two puts all or none above, and tells nothing. The choice looks
  // at the pooled values alone, so it favours neither week.
  const split = [false, true]
    .map((orIn) => {
      const above = countAbove(values, pooledBin, orIn);
      const previousAbove = countAbove(previousValues, pooledBin, orIn);
      return { above, previousAbove, pooledShare: (above + previousAbove) / pooledCount };
    })
    .filter(({ pooledShare }) => pooledShare > 0 && pooledShare < 1)
    .toSorted((a, b) => Math.abs(a.pooledShare - 0.25) - Math.abs(b.pooledShare - 0.25))[0];
  if (!split) return false;
  const { above, previousAbove, pooledShare } = split;
  const samples = countOf(values);
  const previousSamples = countOf(previousValues);
  const standardError = Math.sqrt(pooledShare * (1 - pooledShare) * (1 / samples + 1 / previousSamples));
  return above / samples - previousAbove / previousSamples >= REGRESSION_STANDARD_ERRORS * standardError;
}
