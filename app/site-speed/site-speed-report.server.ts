/**
 * The site-speed dashboard's figures for one seller: their own page views of a period (and of the
 * period before, to compare), in the chosen segment, summarised per page; and their tracking
 * events counted per page and action. A page view belongs to the time it began, which its beacon
 * tells (docs/decisions/044, amended).
 *
 * Every period reads the sums (docs/decisions/049): the 24 hours the hours' summaries
 * (summed-report.server.ts), the 7 and 30 days the days' of the reader's zone and the hours of
 * today (summed-days.server.ts). Every page view counts. While a backlog waits to be summed, a
 * period reads raw beacons instead: the newest MAX_REPORTED_BEACONS of it, whose JSON is parsed
 * and summed here. The week's regressions are judged from the same sums, and so are the whole
 * hub's, which the operators' report prints (`npm run speed:report`).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/database.server";
import type { DatabaseSchema } from "~/db/schema";
import type { Text } from "~/i18n/language-text";
import type { HubTimeZone } from "~/time/time-zones";
import { BEACON_RESEND_WINDOW_MS, INP_PHASES, LCP_PARTS, SERVER_TIMING_PARTS } from "./beacon-rules";
import type { ServerTiming } from "./beacon-schema";
import { sortPages, type DashboardQuery } from "./dashboard-query";
import { histogramOf } from "./log-histogram";
import { pageLabel } from "./page-labels";
import { fixesOf, isPageView, readPageView, type PageView } from "./page-view";
import { isVitalFigure, type KeepFigure } from "./page-view-figures";
import { findRegressions, type MeasuredVital, type PageVitalHistograms, type SpeedRegression } from "./regressions";
import { HOUR_MS, periodWindow, REPORT_PERIODS, type PeriodWindow, type ReportPeriod } from "./report-periods";
import { isInSegment, type Segment } from "./report-segments";
import { sumJustQueued } from "./sum-beacons.server";
import { readDaysAndHours } from "./summed-days.server";
import {
  compareSummedReleases,
  readHourSummaries,
  summedFixes,
  summedVitalsByPage,
  summedPages,
  summedReleases,
  summedScriptErrors,
  type HourSummary,
  type Whose,
} from "./summed-report.server";
import {
  MAX_REPORTED_BEACONS,
  MAX_REPORTED_ERRORS,
  MAX_REPORTED_FIXES,
  byOccurrences,
  bySlowness,
  type ReleaseComparison,
  type ReleaseSummary,
  type FixSummary,
  type PageSummary,
  type ScriptErrorSummary,
  type PartsSummary,
  type ServerTimeSummary,
  type SiteSpeedReport,
  type TrackingSummary,
} from "./site-speed-report";
import { countRatings, p75, summariseVital, type TimedValue } from "./vital-statistics";
import { VITAL_NAMES, type VitalName } from "./vitals";

/** The page and action pairs the dashboard counts tracking events of. */
const MAX_REPORTED_TRACKING = 50;

/**
 * The dashboard's report for a seller's query, its pages in the query's order, the days and hours
 * those of the reader's time zone: the dashboard and its export of the pages table read the same.
 */
export async function dashboardReport(
  database: Database,
  sellerId: number,
  timeZone: HubTimeZone,
  query: DashboardQuery,
  text: Text,
  now: number = Date.now(),
): Promise<SiteSpeedReport> {
  const report = await buildSiteSpeedReport(
    database,
    sellerId,
    query.period,
    query.segment,
    now,
    timeZone,
    query.releases,
  );
  const labelOf = (pageName: string) => pageLabel(pageName, text);
  return { ...report, pages: sortPages(report.pages, query.order, query.direction, labelOf) };
}

/** A period's report from its newest MAX_REPORTED_BEACONS raw beacons, and as many of the period before. */
export async function reportFromBeacons(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  period: ReportPeriod,
  segment: Segment = {},
  now: number = Date.now(),
  timeZone = "UTC",
  comparing?: ReleasePair,
): Promise<SiteSpeedReport> {
  const { since, until, bucketStarts } = periodWindow(period, now, timeZone);
  const current = await readPageViews(db, sellerId, since, until, segment);
  // The period before, as long as this one: each page's vitals then, to say better or worse.
  const previous = await readPageViews(db, sellerId, since - (until - since), since, segment);
  const previousP75 = previousPercentiles(previous.pageViews);
  // A week's period, read whole, is what regressions compare; the rest are judged from the sums,
  // which lack the backlog.
  const regressions =
    period.key === WEEK.key && !current.truncated && !previous.truncated
      ? findRegressions(histogramsByPage(current.pageViews), histogramsByPage(previous.pageViews))
      : (await findWeekRegressions(db, sellerId, segment, now, timeZone)).regressions;
  return {
    since,
    until,
    bucketMs: period.bucketMs,
    segment,
    pageViews: current.pageViews.filter(isPageView).length,
    fromSummaries: false,
    truncated: current.truncated,
    regressions,
    ...releasesOf(current.pageViews, previous.pageViews, comparing),
    pages: summarisePages(current.pageViews, previousP75, bucketStarts, until),
    fixes: summariseFixes(current.pageViews),
    tracking: await countTracking(db, sellerId, since, until),
    scriptErrors: summariseScriptErrors(current.pageViews),
  };
}

const WEEK = REPORT_PERIODS[1];

/**
 * A period's report from the sums (docs/decisions/049): the 24 hours' from the hours' summaries,
 * the 7 and 30 days' from the days' and today's hours. The view first sums what was queued since
 * housekeeping's last minute, when that is little, so a seller sees the page view they just left
 * (`sumJustQueued`); while a backlog waits, it reads raw beacons.
 */
export async function buildSiteSpeedReport(
  database: Database,
  sellerId: number,
  period: ReportPeriod,
  segment: Segment = {},
  now: number = Date.now(),
  timeZone = "UTC",
  comparing?: ReleasePair,
): Promise<SiteSpeedReport> {
  const { db } = database;
  // Until a backlog is summed, the sums lack the newest page views: the raw beacons hold them.
  if ((await sumJustQueued(database)).backlog)
    return reportFromBeacons(db, sellerId, period, segment, now, timeZone, comparing);
  const { since, until, bucketStarts } = periodWindow(period, now, timeZone);
  // An hour's trend reads hours; a day's reads the zone's days, which a window of hours would not need.
  const readDays = (from: number, to: number, keep?: KeepFigure) =>
    readDaysAndHours(db, sellerId, from, to, segment, timeZone, now, keep);
  const read = (from: number, to: number, keep?: KeepFigure) =>
    period.bucketMs === HOUR_MS ? readHourSummaries(db, sellerId, from, to, segment, keep) : readDays(from, to, keep);
  const current = await read(since, until);
  // Of the period before, each page's vitals are compared, and when its releases began (kept whatever is read).
  const previous = await read(since - (until - since), since, isVitalFigure);
  const [thisWeek, weekBefore] = await weeksOf(
    period,
    { current, previous, bucketStarts },
    readDays,
    periodWindow(WEEK, now, timeZone),
  );
  const releases = summedReleases(current, previous);
  const pair = chooseReleases(releases, comparing);
  return {
    since,
    until,
    bucketMs: period.bucketMs,
    segment,
    pageViews: current.reduce((sum, summary) => sum + (summary.figures.counts.get("pageViews") ?? 0), 0),
    fromSummaries: true,
    truncated: false,
    regressions: findRegressions(summedVitalsByPage(thisWeek), summedVitalsByPage(weekBefore)),
    releases: releases.map(({ lastSeen: _lastSeen, ...release }) => release),
    releaseComparison: pair && measuredBoth(current, pair) ? compareSummedReleases(current, pair) : null,
    pages: summedPages(current, previous, bucketStarts),
    fixes: summedFixes(current),
    tracking: await countTracking(db, sellerId, since, until),
    scriptErrors: summedScriptErrors(current),
  };
}

/**
 * The summaries of the last seven days and of the seven before, which regressions set against
 * each other. The week's period is them. A period of the zone's days that begins where the week
 * before does, or earlier, holds them whole (the 30 days, both ending tonight), unless summer time
 * began or ended in either week: the week before then begins an hour off midnight, within a day
 * its read holds whole. The 24 hours hold today's hours, read whole: the week reads its days
 * before today (and, on the 25-hour day summer time ends with, today's first hour), and the week
 * before its own. The rest read both.
 */
async function weeksOf(
  period: ReportPeriod,
  { current, previous, bucketStarts }: { current: HourSummary[]; previous: HourSummary[]; bucketStarts: number[] },
  readDays: (from: number, to: number, keep: KeepFigure) => Promise<HourSummary[]>,
  week: PeriodWindow,
): Promise<[HourSummary[], HourSummary[]]> {
  if (period.key === WEEK.key) return [current, previous];
  const weekBeforeSince = week.since - (week.until - week.since);
  const within = (from: number, to: number) =>
    current.filter((summary) => summary.hourStart >= from && summary.hourStart < to);
  if (period.bucketMs !== HOUR_MS && bucketStarts.includes(weekBeforeSince))
    return [within(week.since, week.until), within(weekBeforeSince, week.since)];
  const weekBefore = await readDays(weekBeforeSince, week.since, isVitalFigure);
  if (period.bucketMs === HOUR_MS) {
    const held = Math.max(week.bucketStarts.at(-1)!, bucketStarts[0]!);
    return [[...(await readDays(week.since, held, isVitalFigure)), ...within(held, week.until)], weekBefore];
  }
  return [await readDays(week.since, week.until, isVitalFigure), weekBefore];
}

const measuredBoth = (summaries: readonly HourSummary[], { release, against }: ReleasePair) =>
  summaries.some((summary) => summary.release === release) && summaries.some((summary) => summary.release === against);

/** The releases asked for, else the newest against the one before it (`releases` the first to begin first). */
function chooseReleases(
  releases: ReadonlyArray<{ release: string }>,
  comparing: ReleasePair | undefined,
): ReleasePair | undefined {
  const [against, newest] = releases.slice(-2);
  return comparing ?? (newest && against ? { release: newest.release, against: against.release } : undefined);
}

/** Two releases to set side by side: `release` against `against`. */
export interface ReleasePair {
  release: string;
  against: string;
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

export interface WeekRegressions {
  /** The last 7 days: from `since` to `until`; the week before ends at `since`. */
  since: number;
  until: number;
  regressions: SpeedRegression[];
}

/**
 * The pages whose vitals got slower in the last seven days (today, as the zone's clock tells
 * it, and the six before) than in the seven before, judged from the sums as the dashboard judges
 * them, every page view counted: the whole hub's, signed-out pages included, in UTC days
 * (`npm run speed:report`), or one account's while a backlog waits to be summed. What is still
 * queued is not in the sums: the report sums it first.
 */
export async function findWeekRegressions(
  db: Kysely<DatabaseSchema>,
  whose: Whose,
  segment: Segment = {},
  now: number = Date.now(),
  timeZone = "UTC",
): Promise<WeekRegressions> {
  const { since, until } = periodWindow(WEEK, now, timeZone);
  const read = (from: number, to: number) =>
    readDaysAndHours(db, whose, from, to, segment, timeZone, now, isVitalFigure);
  const thisWeek = await read(since, until);
  const weekBefore = await read(since - (until - since), since);
  return { since, until, regressions: findRegressions(summedVitalsByPage(thisWeek), summedVitalsByPage(weekBefore)) };
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

/** A seller's page views of a window in the segment, the newest: the database filters, orders and bounds. */
async function readPageViews(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  since: number,
  until: number,
  segment: Segment,
): Promise<{ pageViews: PageView[]; truncated: boolean }> {
  const rows = await db
    .selectFrom("speed_beacon")
    .select(["page_name", "received_at", "metrics"])
    .where("seller_id", "=", sellerId)
    .where("received_at", ">=", since)
    .where("received_at", "<", until + BEACON_RESEND_WINDOW_MS)
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .limit(MAX_REPORTED_BEACONS + 1)
    .execute();
  const read = rows.slice(0, MAX_REPORTED_BEACONS);
  const truncated = rows.length > MAX_REPORTED_BEACONS;
  // Cut by arrival, the read holds the page views begun before its oldest beacon only if they were
  // left late, the long ones: their figures would lean slow. It keeps those begun since.
  const from = truncated ? Math.max(since, read.at(-1)?.received_at ?? since) : since;
  const pageViews = latestPerPageView(read).filter(
    (view) => beganWithin(view, from, until) && isInSegment(view.device, segment),
  );
  return { pageViews, truncated };
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
  bucketStarts: readonly number[],
  until: number,
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
          summariseVital(name, measured(views, name), previousP75.get(pageName)?.[name] ?? null, bucketStarts, until),
        ),
      };
    })
    .toSorted((a, b) => b.pageViews - a.pageViews || a.pageName.localeCompare(b.pageName));
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

/** Tracking events per page and action, counted in SQL from their own table. */
async function countTracking(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  since: number,
  until: number,
): Promise<TrackingSummary[]> {
  const rows = await db
    .selectFrom("tracking_event")
    .select((eb) => ["page_name", "action", eb.fn.sum<number>("count").as("events")])
    .where("seller_id", "=", sellerId)
    .where("received_at", ">=", since)
    .where("received_at", "<", until)
    .groupBy(["page_name", "action"])
    .orderBy("events", "desc")
    .orderBy("page_name")
    .orderBy("action")
    .limit(MAX_REPORTED_TRACKING)
    .execute();
  return rows.map((row) => ({ pageName: row.page_name, action: row.action, events: Number(row.events) }));
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
