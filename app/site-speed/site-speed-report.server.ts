/**
 * The site-speed dashboard's figures for one seller: their own page views of a period (and of the
 * period before, to compare), in the chosen segment, summarised per page; and their tracking
 * events counted per page and action. A page view belongs to the time it began, which its beacon
 * tells (docs/decisions/044, amended).
 *
 * Every period reads the sums (docs/decisions/049): the 24 hours the hours' summaries
 * (summed-report.server.ts), the 7 and 30 days the days' of the reader's zone and the hours of
 * today (summed-days.server.ts). Every page view counts. While a backlog waits to be summed, the
 * sums lack its page views, and the report says so (`stillSumming`): raw beacons are kept only a
 * week ("Raw beacons kept a week"). The week's regressions are judged from the same sums, and so
 * are the whole hub's, which the operators' report prints (`npm run speed:report`).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/database.server";
import type { DatabaseSchema } from "~/db/schema";
import type { Text } from "~/i18n/language-text";
import type { HubTimeZone } from "~/time/time-zones";
import { sortPages, type DashboardQuery } from "./dashboard-query";
import { pageLabel } from "./page-labels";
import { isVitalFigure, type KeepFigure } from "./page-view-figures";
import { findRegressions, type SpeedRegression } from "./regressions";
import { HOUR_MS, periodWindow, REPORT_PERIODS, type PeriodWindow, type ReportPeriod } from "./report-periods";
import type { Segment } from "./report-segments";
import { keepHoursOverSegments } from "./hours-over-segments.server";
import { sumJustQueued } from "./sum-beacons.server";
import { readDaysAndHours } from "./summed-days.server";
import {
  compareSummedReleases,
  readHourSummaries,
  summedFixes,
  summedVitalsByPage,
  summedCharts,
  summedPages,
  summedReleases,
  summedScriptErrors,
  type HourSummary,
  type Whose,
} from "./summed-report.server";
import type { SiteSpeedReport, TrackingSummary } from "./site-speed-report";

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
  const report = await buildSiteSpeedReport(database, sellerId, query.period, query.segment, now, timeZone, query);
  const labelOf = (pageName: string) => pageLabel(pageName, text);
  return { ...report, pages: sortPages(report.pages, query.order, query.direction, labelOf) };
}

const WEEK = REPORT_PERIODS[1];

/**
 * A period's report from the sums (docs/decisions/049): the 24 hours' from the hours' summaries,
 * the 7 and 30 days' from the days' and today's hours. The view first sums what was queued since
 * housekeeping's last minute, when that is little, so a seller sees the page view they just left
 * (`sumJustQueued`); while a backlog waits, the report says its figures lack it. Of what the
 * seller may ask to see beside the figures (`asked`): two releases compared, else the newest two;
 * one page's charts, else none.
 */
export async function buildSiteSpeedReport(
  database: Database,
  sellerId: number,
  period: ReportPeriod,
  segment: Segment = {},
  now: number = Date.now(),
  timeZone = "UTC",
  asked: AskedFigures = {},
): Promise<SiteSpeedReport> {
  const { db } = database;
  const { backlog } = await sumJustQueued(database);
  await keepHoursOverSegments(database, sellerId, now);
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
  const pair = chooseReleases(releases, asked.releases);
  return {
    since,
    until,
    bucketMs: period.bucketMs,
    segment,
    pageViews: current.reduce((sum, summary) => sum + (summary.figures.counts.get("pageViews") ?? 0), 0),
    stillSumming: backlog,
    regressions: findRegressions(summedVitalsByPage(thisWeek), summedVitalsByPage(weekBefore)),
    releases: releases.map(({ lastSeen: _lastSeen, ...release }) => release),
    releaseComparison: pair && measuredBoth(current, pair) ? compareSummedReleases(current, pair) : null,
    pages: summedPages(current, previous),
    charts: asked.page === undefined ? null : summedCharts(current, asked.page, bucketStarts),
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
export function chooseReleases(
  releases: ReadonlyArray<{ release: string }>,
  comparing: ReleasePair | undefined,
): ReleasePair | undefined {
  const [against, newest] = releases.slice(-2);
  return comparing ?? (newest && against ? { release: newest.release, against: against.release } : undefined);
}

/** What a seller may ask the report for beside the period's figures: two releases compared, one page's charts. */
export type AskedFigures = Pick<DashboardQuery, "releases" | "page">;

/** Two releases to set side by side: `release` against `against`. */
export interface ReleasePair {
  release: string;
  against: string;
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
 * (`npm run speed:report`), or one account's. What is still queued is not in the sums: the
 * report sums it first.
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

/**
 * Tracking events per page and action, summed in SQL from the account's hours (migration 0036):
 * a period is whole UTC hours, whichever zone it is read in (report-periods.ts), and an event
 * belongs to the hour it arrived in.
 */
export async function countTracking(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  since: number,
  until: number,
): Promise<TrackingSummary[]> {
  const rows = await db
    .selectFrom("tracking_hour")
    .select((eb) => ["page_name", "action", eb.fn.sum<number>("events").as("events")])
    .where("seller_id", "=", sellerId)
    .where("hour_start", ">=", since)
    .where("hour_start", "<", until)
    .groupBy(["page_name", "action"])
    .orderBy("events", "desc")
    .orderBy("page_name")
    .orderBy("action")
    .limit(MAX_REPORTED_TRACKING)
    .execute();
  return rows.map((row) => ({ pageName: row.page_name, action: row.action, events: Number(row.events) }));
}
