/** The site-speed dashboard's figures, as site-speed-report.server.ts builds them for a seller. */
import type { ScriptError } from "./beacon-schema";
import type { HistogramBin, RatingCounts, TrendPoint } from "./vital-statistics";
import type { Rating, VitalName } from "./vitals";

/** Bounds the work of one dashboard view, whatever a seller's traffic: the newest beacons this many. */
export const MAX_REPORTED_BEACONS = 5000;

export interface VitalSummary {
  name: VitalName;
  /** Page views that measured this vital. */
  samples: number;
  p75: number | null;
  rating: Rating | null;
  ratingCounts: RatingCounts;
  ratingPercentages: RatingCounts;
  histogram: HistogramBin[];
  trend: TrendPoint[];
}

export interface PageSummary {
  pageName: string;
  pageViews: number;
  vitals: VitalSummary[];
}

export interface ScriptErrorSummary extends Omit<ScriptError, "count"> {
  occurrences: number;
  /** Page views in which it happened at least once. */
  pageViews: number;
}

export interface SiteSpeedReport {
  since: number;
  until: number;
  bucketMs: number;
  pageViews: number;
  /** More beacons arrived in the period than the report reads. */
  truncated: boolean;
  /** Busiest page first. */
  pages: PageSummary[];
  /** Most frequent first. */
  scriptErrors: ScriptErrorSummary[];
}
