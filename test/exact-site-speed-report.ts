/**
 * The site-speed dashboard's report computed exactly from raw beacons: every stored beacon of the
 * period and of the period before, parsed and summed here, each percentile exact. The dashboard
 * reads the sums (app/site-speed/site-speed-report.server.ts, docs/decisions/049); the tests set
 * its figures against these, every count equal and every percentile within the stated 1 %
 * (summed-percentiles.ts). It was the dashboard's own read during a backlog until raw beacons
 * were kept only a week (decision 049, "Raw beacons kept a week"), and is kept as the tests' oracle.
 */
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";
import { BEACON_RESEND_WINDOW_MS, INP_PHASES, LCP_PARTS, SERVER_TIMING_PARTS } from "~/site-speed/beacon-rules";
import type { DeviceReport, ServerTiming } from "~/site-speed/beacon-schema";
import { histogramOf } from "~/site-speed/log-histogram";
import { fixesOf, isPageView, readPageView, type PageView } from "~/site-speed/page-view";
import { findRegressions, type MeasuredVital, type PageVitalHistograms } from "~/site-speed/regressions";
import { periodWindow, REPORT_PERIODS, type ReportPeriod } from "~/site-speed/report-periods";
import { deviceClassOf, type Segment } from "~/site-speed/report-segments";
import {
  MAX_REPORTED_ERRORS,
  MAX_REPORTED_FIXES,
  byOccurrences,
  bySlowness,
  type FixSummary,
  type PageCharts,
  type PageSummary,
  type PartsSummary,
  type ReleaseComparison,
  type ReleaseSummary,
  type ScriptErrorSummary,
  type ServerTimeSummary,
  type SiteSpeedReport,
} from "~/site-speed/site-speed-report";
import {
  chooseReleases,
  countTracking,
  type AskedFigures,
  type ReleasePair,
} from "~/site-speed/site-speed-report.server";
import { chartVital, countRatings, p75, summariseVital, type TimedValue } from "./exact-vital-statistics";
import { VITAL_NAMES, type VitalName } from "~/site-speed/vitals";

const WEEK = REPORT_PERIODS[1];

/** A period's report from every raw beacon of it and of the period before, each figure exact. */
export async function exactReport(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  period: ReportPeriod,
  segment: Segment = {},
  now: number = Date.now(),
  timeZone = "UTC",
  asked: AskedFigures = {},
): Promise<SiteSpeedReport> {
  const { since, until, bucketStarts } = periodWindow(period, now, timeZone);
  const current = await readPageViews(db, sellerId, since, until, segment);
  // The period before, as long as this one: each page's vitals then, to say better or worse.
  const previous = await readPageViews(db, sellerId, since - (until - since), since, segment);
  return {
    since,
    until,
    bucketMs: period.bucketMs,
    segment,
    pageViews: current.filter(isPageView).length,
    stillSumming: false,
    regressions: await weekRegressions(db, sellerId, period, segment, now, timeZone, [current, previous]),
    ...releasesOf(current, previous, asked.releases),
    pages: summarisePages(current, previousPercentiles(previous)),
    charts: asked.page === undefined ? null : chartsOf(current, asked.page, bucketStarts, until),
    fixes: summariseFixes(current),
    tracking: await countTracking(db, sellerId, since, until),
    scriptErrors: summariseScriptErrors(current),
  };
}

/** The last seven days' regressions against the seven before: the week's period is them; the rest read them. */
async function weekRegressions(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  period: ReportPeriod,
  segment: Segment,
  now: number,
  timeZone: string,
  read: [PageView[], PageView[]],
) {
  const { since, until } = periodWindow(WEEK, now, timeZone);
  const [thisWeek, weekBefore] =
    period.key === WEEK.key
      ? read
      : [
          await readPageViews(db, sellerId, since, until, segment),
          await readPageViews(db, sellerId, since - (until - since), since, segment),
        ];
  return findRegressions(histogramsByPage(thisWeek), histogramsByPage(weekBefore));
}

/**
 * The period's releases, when each began (its first page view measured here or in the period
 * before), and the comparison asked for: by default the newest against the one before it. A
 * release the period did not measure compares with nothing (the dashboard's loader refuses it).
 */
function releasesOf(
  pageViews: readonly PageView[],
  before: readonly PageView[],
  comparing: ReleasePair | undefined,
): { releases: ReleaseSummary[]; releaseComparison: ReleaseComparison | null } {
  const firstSeen = new Map<string, number>();
  for (const view of [...pageViews, ...before])
    if (view.release) firstSeen.set(view.release, Math.min(firstSeen.get(view.release) ?? view.beganAt, view.beganAt));
  const byRelease = Map.groupBy(
    pageViews.filter((view) => view.release !== undefined),
    (view) => view.release as string,
  );
  const lastSeen = (views: readonly PageView[]) => Math.max(...views.map((view) => view.beganAt));
  // The first to begin first; of two that began together, the one still serving later is the newer.
  const releases = [...byRelease]
    .map(([release, views]) => ({
      summary: { release, firstSeen: firstSeen.get(release) as number, pageViews: views.filter(isPageView).length },
      lastSeen: lastSeen(views),
    }))
    .toSorted(
      (a, b) =>
        a.summary.firstSeen - b.summary.firstSeen ||
        a.lastSeen - b.lastSeen ||
        a.summary.release.localeCompare(b.summary.release),
    )
    .map(({ summary }) => summary);
  const chosen = chooseReleases(releases, comparing);
  if (!chosen || !byRelease.has(chosen.release) || !byRelease.has(chosen.against))
    return { releases, releaseComparison: null };
  return { releases, releaseComparison: compareReleases(pageViews, chosen) };
}

function compareReleases(pageViews: readonly PageView[], { release, against }: ReleasePair): ReleaseComparison {
  const valuesOf = (which: string) => valuesByPage(pageViews.filter((view) => view.release === which));
  const releaseValues = valuesOf(release);
  const againstValues = valuesOf(against);
  const pages = [...releaseValues]
    .map(([pageName, vitals]) => ({
      pageName,
      vitals: VITAL_NAMES.flatMap((name) => {
        const values = vitals[name] ?? [];
        const againstOnes = againstValues.get(pageName)?.[name] ?? [];
        if (values.length === 0 || againstOnes.length === 0) return [];
        return [
          {
            name,
            p75: p75(values) as number,
            samples: values.length,
            againstP75: p75(againstOnes) as number,
            againstSamples: againstOnes.length,
          },
        ];
      }),
    }))
    .filter((page) => page.vitals.length > 0)
    .toSorted((a, b) => a.pageName.localeCompare(b.pageName));
  return { release, against, pages };
}

type PageVitalValues = Map<string, Partial<Record<VitalName, number[]>>>;

/** Each page's measured values of each vital. */
function valuesByPage(pageViews: readonly PageView[]): PageVitalValues {
  return new Map(
    [...Map.groupBy(pageViews, (view) => view.pageName)].map(([pageName, views]) => [
      pageName,
      Object.fromEntries(VITAL_NAMES.map((name) => [name, measured(views, name).map((value) => value.value)])),
    ]),
  );
}

/** Each page's measured values of each vital, counted as the sums count them. */
function histogramsByPage(pageViews: readonly PageView[]): PageVitalHistograms {
  return new Map(
    [...valuesByPage(pageViews)].map(([pageName, vitals]) => {
      const counted: Partial<Record<VitalName, MeasuredVital>> = {};
      for (const name of VITAL_NAMES) {
        const values = vitals[name] ?? [];
        if (values.length > 0) counted[name] = { histogram: histogramOf(values), ratings: countRatings(name, values) };
      }
      return [pageName, counted];
    }),
  );
}

/** Every page view of a seller's that began in the window, in the segment, each with its newest beacon's figures. */
async function readPageViews(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  since: number,
  until: number,
  segment: Segment,
): Promise<PageView[]> {
  const rows = await db
    .selectFrom("speed_beacon")
    .select(["page_name", "received_at", "metrics"])
    .where("seller_id", "=", sellerId)
    .where("received_at", ">=", since)
    .where("received_at", "<", until + BEACON_RESEND_WINDOW_MS)
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return latestPerPageView(rows).filter((view) => beganWithin(view, since, until) && isInSegment(view.device, segment));
}

/**
 * Older pages resent their beacon each time they were hidden: the newest one of a page view
 * supersedes the rest. Page views sent once are unaffected.
 */
function latestPerPageView(
  rows: ReadonlyArray<{ page_name: string; received_at: number; metrics: string }>,
): PageView[] {
  const seen = new Set<string>();
  const pageViews: PageView[] = [];
  for (const row of rows) {
    const view = readPageView(row);
    if (!view || seen.has(view.id)) continue;
    seen.add(view.id);
    pageViews.push(view);
  }
  return pageViews;
}

/**
 * Whether a page view began in the window. Its beacon arrives when the seller leaves the page,
 * up to the resend window after it began, so a window's page views are read from beacons that
 * arrived in it or that long after it, and those that began before it are the window before's.
 */
const beganWithin = (view: PageView, since: number, until: number) => view.beganAt >= since && view.beganAt < until;

function previousPercentiles(pageViews: readonly PageView[]): Map<string, Partial<Record<VitalName, number | null>>> {
  return new Map(
    [...valuesByPage(pageViews)].map(([pageName, vitals]) => [
      pageName,
      Object.fromEntries(VITAL_NAMES.map((name) => [name, p75(vitals[name] ?? [])])),
    ]),
  );
}

function summarisePages(
  pageViews: readonly PageView[],
  previousP75: ReadonlyMap<string, Partial<Record<VitalName, number | null>>>,
): PageSummary[] {
  const byPage = Map.groupBy(pageViews, (view) => view.pageName);
  return [...byPage]
    .map(([pageName, views]) => {
      const inApp = views.flatMap((view) =>
        view.kind === "in-app" && view.inAppNavigation ? [view.inAppNavigation] : [],
      );
      return {
        pageName,
        pageViews: views.filter(isPageView).length,
        fullLoads: views.filter((view) => view.kind === "full-load").length,
        inAppNavigations: views.filter((view) => view.kind === "in-app").length,
        inAppDurationP75: p75(inApp.map((navigation) => navigation.duration)),
        dataRequestP75: p75(
          inApp.flatMap((navigation) => (navigation.dataRequest === undefined ? [] : [navigation.dataRequest])),
        ),
        server: {
          fullLoads: summariseServerTime(
            views.flatMap((view) =>
              view.kind === "full-load" && view.navigation?.server ? [view.navigation.server] : [],
            ),
          ),
          inApp: summariseServerTime(inApp.flatMap((navigation) => (navigation.server ? [navigation.server] : []))),
        },
        vitalParts: {
          LCP: summariseParts(
            views.flatMap((view) => (view.attribution?.lcpParts ? [view.attribution.lcpParts] : [])),
            LCP_PARTS,
          ),
          INP: summariseParts(
            views.flatMap((view) => (view.attribution?.inpPhases ? [view.attribution.inpPhases] : [])),
            INP_PHASES,
          ),
        },
        vitals: VITAL_NAMES.map((name) =>
          summariseVital(
            name,
            measured(views, name).map((value) => value.value),
            previousP75.get(pageName)?.[name] ?? null,
          ),
        ),
      };
    })
    .toSorted((a, b) => b.pageViews - a.pageViews || a.pageName.localeCompare(b.pageName));
}

/** One page's charts, each vital's: null when the page had no page view in the period. */
function chartsOf(
  pageViews: readonly PageView[],
  pageName: string,
  bucketStarts: readonly number[],
  until: number,
): PageCharts | null {
  const views = pageViews.filter((view) => view.pageName === pageName);
  if (views.length === 0) return null;
  return {
    pageName,
    vitals: Object.fromEntries(
      VITAL_NAMES.map((name) => [name, chartVital(name, measured(views, name), bucketStarts, until)]),
    ) as PageCharts["vitals"],
  };
}

/** Each part's 75th percentile over the page views that told it; null when none said. */
function summariseParts<Part extends string>(
  told: ReadonlyArray<Partial<Record<Part, number>>>,
  parts: readonly Part[],
): PartsSummary<Part> | null {
  if (told.length === 0) return null;
  const p75s = parts.flatMap((part) => {
    const value = p75(told.flatMap((one) => (one[part] === undefined ? [] : [one[part]])));
    return value === null ? [] : [[part, value] as const];
  });
  return { samples: told.length, p75: Object.fromEntries(p75s) as Partial<Record<Part, number>> };
}

const summariseServerTime = (timings: readonly ServerTiming[]): ServerTimeSummary | null =>
  summariseParts(timings, SERVER_TIMING_PARTS);

function measured(views: readonly PageView[], name: VitalName): TimedValue[] {
  return views.flatMap((view) =>
    view.vitals[name] === undefined ? [] : [{ at: view.beganAt, value: view.vitals[name] }],
  );
}

/** The LCP elements and INP targets of each page, the slowest at the 75th percentile first. */
function summariseFixes(pageViews: readonly PageView[]): FixSummary[] {
  type Found = { pageName: string; vital: "LCP" | "INP"; element: string; values: number[]; scripts: string[] };
  const found = new Map<string, Found>();
  for (const view of pageViews) {
    for (const { vital, element, value, script } of fixesOf(view)) {
      const key = JSON.stringify([view.pageName, vital, element]);
      const fix = found.get(key) ?? { pageName: view.pageName, vital, element, values: [], scripts: [] };
      fix.values.push(value);
      if (script) fix.scripts.push(script);
      found.set(key, fix);
    }
  }
  return [...found.values()]
    .map(({ values, scripts, ...fix }) => ({
      ...fix,
      pageViews: values.length,
      p75: p75(values) as number,
      script: mostFrequent(scripts),
    }))
    .toSorted(bySlowness)
    .slice(0, MAX_REPORTED_FIXES);
}

/** The value told most often (of two as often, the first by name, as the summaries pick it); null for none. */
function mostFrequent(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let most: string | null = null;
  for (const [value, count] of counts) {
    const mostCount = most === null ? 0 : (counts.get(most) as number);
    if (most === null || count > mostCount || (count === mostCount && value < most)) most = value;
  }
  return most;
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
  return [...summaries.values()].toSorted(byOccurrences).slice(0, MAX_REPORTED_ERRORS);
}

/** Whether a page view's device is in the segment; an absent part means all of them. */
function isInSegment(device: DeviceReport | undefined, segment: Segment): boolean {
  if (segment.device && deviceClassOf(device) !== segment.device) return false;
  if (segment.connection && device?.connection !== segment.connection) return false;
  return true;
}
