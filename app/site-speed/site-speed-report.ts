/** The site-speed dashboard's figures, as site-speed-report.server.ts builds them for a seller. */
import type { INP_PHASES, LCP_PARTS, SERVER_TIMING_PARTS } from "./beacon-rules";
import type { ScriptError } from "./beacon-schema";
import type { SpeedRegression } from "./regressions";
import type { Segment } from "./report-segments";
import type { HistogramBin, RatingCounts, TrendPoint } from "./vital-statistics";
import { VITALS, type Rating, type VitalName } from "./vitals";

/** The script errors the dashboard lists. */
export const MAX_REPORTED_ERRORS = 10;

/** The elements and targets the dashboard lists as what to fix. */
export const MAX_REPORTED_FIXES = 10;

export type ServerTimingPart = (typeof SERVER_TIMING_PARTS)[number];
export type LcpPart = (typeof LCP_PARTS)[number];
export type InpPhase = (typeof INP_PHASES)[number];

export interface VitalSummary {
  name: VitalName;
  /** Page views that measured this vital. */
  samples: number;
  p75: number | null;
  rating: Rating | null;
  /** The same page's 75th percentile in the period before, to say better or worse. */
  previousP75: number | null;
  ratingCounts: RatingCounts;
  ratingPercentages: RatingCounts;
}

/** A vital's charts on one page: how its page views spread over its range, and its 75th percentile over time. */
export interface VitalCharts {
  histogram: HistogramBin[];
  trend: TrendPoint[];
}

/**
 * The charts of the page shown, each vital's (decision 045, "One page's charts"): the report
 * builds them for that page alone, as the dashboard draws them for it alone.
 */
export interface PageCharts {
  pageName: string;
  vitals: Record<VitalName, VitalCharts>;
}

/**
 * What a page's figure is made of, each part at its own 75th percentile (so the parts need not
 * add up to the whole's), over the page views that told it: `samples` of them.
 */
export interface PartsSummary<Part extends string> {
  samples: number;
  p75: Partial<Record<Part, number>>;
}

/** Where the server's time went, for a page's full loads or its in-app navigations' data requests. */
export type ServerTimeSummary = PartsSummary<ServerTimingPart>;

export interface PageSummary {
  pageName: string;
  pageViews: number;
  /** Page views that began with the browser loading the page. */
  fullLoads: number;
  /** Page views reached by a link inside the hub. */
  inAppNavigations: number;
  /** Their 75th percentile from the click to the new page's content painted, and of their data request. */
  inAppDurationP75: number | null;
  dataRequestP75: number | null;
  /** Where the server's time went: for the full loads' documents, and the in-app navigations' data. */
  server: { fullLoads: ServerTimeSummary | null; inApp: ServerTimeSummary | null };
  /** What the LCP and the INP were made of, where the browser said (web-vitals' attribution). */
  vitalParts: { LCP: PartsSummary<LcpPart> | null; INP: PartsSummary<InpPhase> | null };
  vitals: VitalSummary[];
}

/**
 * A page as the pages table shows it: its counts, and each vital's 75th percentile over the page
 * views that measured it (`samples`: issue 33 asks a sample count beside every percentile). Its parts and
 * server time are drawn for the page shown alone (decision 045, "One page's charts"), so the
 * dashboard's data, part of its HTML, leaves them out of every other page.
 */
export interface PageRow extends Omit<PageSummary, "server" | "vitalParts" | "vitals"> {
  vitals: Array<Pick<VitalSummary, "name" | "p75" | "samples">>;
}

export const pageRowOf = ({ server: _server, vitalParts: _parts, vitals, ...page }: PageSummary): PageRow => ({
  ...page,
  vitals: vitals.map(({ name, p75, samples }) => ({ name, p75, samples })),
});

/** What to fix: an element that was the LCP, or the target of the INP, on a page. */
export interface FixSummary {
  pageName: string;
  vital: "LCP" | "INP";
  /** A short CSS selector, from web-vitals' attribution. */
  element: string;
  pageViews: number;
  p75: number;
  /** The INP's script most often behind it (its file and function); null for an LCP, or when the browser did not say. */
  script: string | null;
}

/** A build of the hub that served the period's page views (React Router's manifest version). */
export interface ReleaseSummary {
  release: string;
  /** When its first page view was measured, in this period or the one before: its hour, read from the summaries. */
  firstSeen: number;
  /** Its page views in this period. */
  pageViews: number;
}

/** One page's vital under two releases, each at its 75th percentile. */
export interface ReleaseVitals {
  name: VitalName;
  p75: number;
  samples: number;
  againstP75: number;
  againstSamples: number;
}

/** A release's vitals against another's, page by page: the vitals both measured. */
export interface ReleaseComparison {
  release: string;
  against: string;
  pages: Array<{ pageName: string; vitals: ReleaseVitals[] }>;
}

export interface TrackingSummary {
  pageName: string;
  action: string;
  events: number;
}

export interface ScriptErrorSummary extends Omit<ScriptError, "count"> {
  occurrences: number;
  /** Page views in which it happened at least once. */
  pageViews: number;
}

/**
 * What to fix, the slowest first: LCP and INP compare by how far their 75th percentile is past
 * the "good" threshold; of two as slow, the one of more page views, then by page, vital and
 * element. Both reads break ties alike; figures read from sums within 1 % may still order two
 * nearly as slow the other way.
 */
export const bySlowness = (a: FixSummary, b: FixSummary) =>
  b.p75 / VITALS[b.vital].thresholds[0] - a.p75 / VITALS[a.vital].thresholds[0] ||
  b.pageViews - a.pageViews ||
  a.pageName.localeCompare(b.pageName) ||
  a.vital.localeCompare(b.vital) ||
  a.element.localeCompare(b.element);

/** Script errors, the most frequent first: by occurrences, then page views, then by what the error is. */
export const byOccurrences = (a: ScriptErrorSummary, b: ScriptErrorSummary) =>
  b.occurrences - a.occurrences ||
  b.pageViews - a.pageViews ||
  a.message.localeCompare(b.message) ||
  a.source.localeCompare(b.source) ||
  a.line - b.line ||
  a.column - b.column ||
  a.pageName.localeCompare(b.pageName);

export interface SiteSpeedReport {
  since: number;
  until: number;
  bucketMs: number;
  segment: Segment;
  pageViews: number;
  /**
   * A backlog of beacons waits to be summed (more than housekeeping's minute holds): the figures,
   * read from the sums as always, lack its page views until housekeeping has summed it.
   */
  stillSumming: boolean;
  /** Pages whose vitals got slower this week than the week before, in the segment; the most worsened first. */
  regressions: SpeedRegression[];
  /** The releases that served the period's page views, the first to begin first. */
  releases: ReleaseSummary[];
  /** The releases asked for, else the newest against the one before it; null with fewer than two. */
  releaseComparison: ReleaseComparison | null;
  /** Busiest page first. */
  pages: PageSummary[];
  /** The charts of the page asked for; null when none was, or it had no page view in the period. */
  charts: PageCharts | null;
  /** The slowest elements and targets first. */
  fixes: FixSummary[];
  /** Most frequent first; tracking events are counted whatever the segment. */
  tracking: TrackingSummary[];
  /** Most frequent first. */
  scriptErrors: ScriptErrorSummary[];
}
