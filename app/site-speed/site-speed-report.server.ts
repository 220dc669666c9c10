/**
 * The site-speed dashboard's figures for one seller: their own beacons of a period, newest
 * first and at most MAX_REPORTED_BEACONS of them, summarised per page. The database filters,
 * orders and bounds; the vitals live in the beacons' JSON, so the summing happens here.
 */
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";
import { speedBeaconSchema, type ScriptError } from "./beacon-schema";
import { periodWindow, type ReportPeriod } from "./report-periods";
import { MAX_REPORTED_BEACONS, type PageSummary, type ScriptErrorSummary, type SiteSpeedReport, type VitalSummary } from "./site-speed-report";
import { countRatings, histogram, p75, percentages, trend, type TimedValue } from "./vital-statistics";
import { rate, VITAL_NAMES, type VitalName } from "./vitals";

/** The script errors the dashboard lists. */
export const MAX_REPORTED_ERRORS = 10;

/** What the dashboard reads of a stored beacon (it was validated in full when it arrived). */
const reportedMetrics = speedBeaconSchema.pick({ pageView: true, vitals: true, errors: true });

interface PageView {
  pageName: string;
  receivedAt: number;
  vitals: Partial<Record<VitalName, number>>;
  errors: ScriptError[];
}

export async function buildSiteSpeedReport(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  period: ReportPeriod,
  now: number = Date.now(),
): Promise<SiteSpeedReport> {
  const { since, until } = periodWindow(period, now);
  const rows = await db
    .selectFrom("speed_beacon")
    .select(["page_name", "received_at", "metrics"])
    .where("seller_id", "=", sellerId)
    .where("received_at", ">=", since)
    .where("received_at", "<", until)
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .limit(MAX_REPORTED_BEACONS + 1)
    .execute();
  const pageViews = latestPerPageView(rows.slice(0, MAX_REPORTED_BEACONS));
  return {
    since,
    until,
    bucketMs: period.bucketMs,
    pageViews: pageViews.length,
    truncated: rows.length > MAX_REPORTED_BEACONS,
    pages: summarisePages(pageViews, since, until, period.bucketMs),
    scriptErrors: summariseScriptErrors(pageViews),
  };
}

/** A page resends its beacon each time it is hidden; the newest one of a page view supersedes the rest. */
function latestPerPageView(rows: ReadonlyArray<{ page_name: string; received_at: number; metrics: string }>): PageView[] {
  const seen = new Set<string>();
  const pageViews: PageView[] = [];
  for (const row of rows) {
    const metrics = reportedMetrics.safeParse(parseJson(row.metrics));
    if (!metrics.success || seen.has(metrics.data.pageView)) continue;
    seen.add(metrics.data.pageView);
    pageViews.push({ pageName: row.page_name, receivedAt: row.received_at, vitals: metrics.data.vitals, errors: metrics.data.errors });
  }
  return pageViews;
}

function summarisePages(pageViews: readonly PageView[], since: number, until: number, bucketMs: number): PageSummary[] {
  const byPage = Map.groupBy(pageViews, (view) => view.pageName);
  return [...byPage]
    .map(([pageName, views]) => ({
      pageName,
      pageViews: views.length,
      vitals: VITAL_NAMES.map((name) => summariseVital(name, measured(views, name), since, until, bucketMs)),
    }))
    .toSorted((a, b) => b.pageViews - a.pageViews || a.pageName.localeCompare(b.pageName));
}

function measured(views: readonly PageView[], name: VitalName): TimedValue[] {
  return views.flatMap((view) => (view.vitals[name] === undefined ? [] : [{ at: view.receivedAt, value: view.vitals[name] }]));
}

function summariseVital(name: VitalName, values: readonly TimedValue[], since: number, until: number, bucketMs: number): VitalSummary {
  const plain = values.map((value) => value.value);
  const percentile = p75(plain);
  const ratingCounts = countRatings(name, plain);
  return {
    name,
    samples: plain.length,
    p75: percentile,
    rating: percentile === null ? null : rate(name, percentile),
    ratingCounts,
    ratingPercentages: percentages(ratingCounts),
    histogram: histogram(name, plain),
    trend: trend(values, since, until, bucketMs),
  };
}

function summariseScriptErrors(pageViews: readonly PageView[]): ScriptErrorSummary[] {
  const summaries = new Map<string, ScriptErrorSummary>();
  for (const view of pageViews) {
    for (const { count, ...error } of view.errors) {
      const key = JSON.stringify([error.message, error.source, error.line, error.column, error.pageName]);
      const summary = summaries.get(key) ?? { ...error, occurrences: 0, pageViews: 0 };
      summary.occurrences += count;
      summary.pageViews += 1;
      summaries.set(key, summary);
    }
  }
  return [...summaries.values()].toSorted((a, b) => b.occurrences - a.occurrences || b.pageViews - a.pageViews).slice(0, MAX_REPORTED_ERRORS);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
