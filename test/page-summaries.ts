import type { PageCharts, PageSummary, VitalCharts, VitalSummary } from "~/site-speed/site-speed-report";
import { rate, VITAL_NAMES, type VitalName } from "~/site-speed/vitals";

/** A vital measured on every page view, or on `samples` of them: its 75th percentile now and, where measured, the period before. */
export interface MeasuredVital {
  p75: number;
  previousP75?: number | null;
  samples?: number;
}

export interface MeasuredPage {
  pageName: string;
  fullLoads: number;
  /** In-app navigations: their 75th percentiles are 640 ms to paint and 210 ms for the data. */
  inAppNavigations?: number;
  /** The vitals measured; the others measured nothing. */
  vitals: Partial<Record<VitalName, MeasuredVital>>;
}

/** Every page view of a measured page: its full loads and in-app navigations. */
const pageViewsOf = ({ fullLoads, inAppNavigations = 0 }: MeasuredPage): number => fullLoads + inAppNavigations;

/**
 * A page as the site-speed report sums it, for the dashboard's components and route: every page
 * view measured each vital given, all in the rating of its p75; no server time or parts.
 */
export function measuredPage(page: MeasuredPage): PageSummary {
  const { pageName, fullLoads, inAppNavigations = 0, vitals } = page;
  const pageViews = pageViewsOf(page);
  const vital = (name: VitalName): VitalSummary => {
    const measured = vitals[name];
    const samples = measured ? (measured.samples ?? pageViews) : 0;
    const rating = measured ? rate(name, measured.p75) : null;
    const share = (of: VitalSummary["rating"]) => (rating === of && samples > 0 ? 100 : 0);
    return {
      name,
      samples,
      p75: measured?.p75 ?? null,
      rating,
      previousP75: measured?.previousP75 ?? null,
      ratingCounts: {
        good: rating === "good" ? samples : 0,
        "needs-improvement": rating === "needs-improvement" ? samples : 0,
        poor: rating === "poor" ? samples : 0,
      },
      ratingPercentages: { good: share("good"), "needs-improvement": share("needs-improvement"), poor: share("poor") },
    };
  };
  return {
    pageName,
    pageViews,
    fullLoads,
    inAppNavigations,
    inAppDurationP75: inAppNavigations > 0 ? 640 : null,
    dataRequestP75: inAppNavigations > 0 ? 210 : null,
    server: { fullLoads: null, inApp: null },
    vitalParts: { LCP: null, INP: null },
    vitals: VITAL_NAMES.map(vital),
  };
}

/**
 * The charts of a page `measuredPage` gives: each measured vital's trend a point at its p75 from
 * each of `trendStarts`, over the page views that measured it; no distribution.
 */
export function measuredCharts(page: MeasuredPage, trendStarts: readonly number[]): PageCharts {
  const pageViews = pageViewsOf(page);
  const chart = (name: VitalName): VitalCharts => {
    const measured = page.vitals[name];
    const samples = measured ? (measured.samples ?? pageViews) : 0;
    return { histogram: [], trend: trendStarts.map((start) => ({ start, p75: measured?.p75 ?? null, samples })) };
  };
  return {
    pageName: page.pageName,
    vitals: Object.fromEntries(VITAL_NAMES.map((name) => [name, chart(name)])) as PageCharts["vitals"],
  };
}
