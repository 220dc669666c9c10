/**
 * The site-speed dashboard's 24 hours (pages table, trends, releases and their comparison, what to
 * fix, script errors), read from the hours' summaries
 * (`speed_summary_hour`, summed by sum-beacons.server.ts; docs/decisions/049) rather than from raw
 * beacons: every page view of the window counts, however many, and a view's cost grows with the
 * summaries' keys, not with the page views. The figures are those the tests' exact report gives
 * from raw beacons (test/exact-site-speed-report.ts): counts, ratings and the distribution chart
 * exactly; each percentile within 1 % (log-histogram.ts), with the rating of a vital's 75th
 * percentile taken from the exact counts.
 */
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";
import { INP_PHASES, LCP_PARTS, SERVER_TIMING_PARTS } from "./beacon-rules";
import { emptyHistogram, mergeHistogram, percentileOf } from "./log-histogram";
import {
  addFigures,
  everyFigure,
  fixName,
  isVitalFigure,
  fixRatingName,
  noFigures,
  addStoredFigures,
  type CountName,
  type Figures,
  type KeepFigure,
} from "./page-view-figures";
import type { MeasuredVital, PageVitalHistograms } from "./regressions";
import { HOUR_MS } from "./report-periods";
import { EVERY_SEGMENT, hoursOverSegmentsSince } from "./hours-over-segments.server";
import type { Segment } from "./report-segments";
import {
  byOccurrences,
  bySlowness,
  MAX_REPORTED_ERRORS,
  MAX_REPORTED_FIXES,
  type FixSummary,
  type PageCharts,
  type ScriptErrorSummary,
  type PageSummary,
  type PartsSummary,
  type ReleaseComparison,
  type ReleaseSummary,
  type ServerTimeSummary,
  type VitalCharts,
  type VitalSummary,
} from "./site-speed-report";
import {
  histogram as distributionOf,
  noRatings,
  percentages,
  ratingAtP75,
  withinRating,
  type RatingCounts,
} from "./vital-statistics";
import { RATINGS, VITAL_NAMES, type VitalName } from "./vitals";

/** A page's figures of one hour (or of one day, read from days) under one release, its segments' summaries summed. */
export interface HourSummary {
  /** The hour's start, or the day's. */
  hourStart: number;
  pageName: string;
  release: string;
  figures: Figures;
}

/** Whose page views: an account's (its seller id), or the whole hub's, signed-out pages' too (`npm run speed:report`). */
export type Whose = number | "everyone";

/** Whose, as a warning names them. */
export const whoseName = (whose: Whose) => (whose === "everyone" ? "the hub" : `seller ${whose}`);

/**
 * The summaries of an account's hours (or the hub's) from `since` to `until` in the segment,
 * summed per hour, page and release as they are read: the report splits them no further. A
 * window of the dashboard's periods is whole UTC hours, since every zone the hub offers is
 * (report-periods.ts).
 */
export async function readHourSummaries(
  db: Kysely<DatabaseSchema>,
  whose: Whose,
  since: number,
  until: number,
  segment: Segment,
  keep: KeepFigure = everyFigure,
): Promise<HourSummary[]> {
  // The hub's hours are every account's: read an hour at a time, the process holds one hour's rows.
  if (whose === "everyone" && until - since > HOUR_MS) {
    const summaries: HourSummary[] = [];
    for (let hour = since; hour < until; hour += HOUR_MS)
      summaries.push(...(await readHourSummaries(db, whose, hour, Math.min(hour + HOUR_MS, until), segment, keep)));
    return summaries;
  }
  const hours = (from: number, to: number) =>
    db
      .selectFrom("speed_summary_hour")
      .select(["hour_start", "page_name", "release", "figures"])
      .$if(whose !== "everyone", (query) => query.where("seller_id", "=", whose as number))
      .where("hour_start", ">=", from)
      .where("hour_start", "<", to);
  const rows = [];
  if (segment.device !== undefined || segment.connection !== undefined) {
    // A segment's own rows: no segment's device class or connection is the sums' "*".
    rows.push(
      ...(await hours(since, until)
        .$if(segment.device !== undefined, (query) => query.where("device", "=", segment.device as string))
        .$if(segment.connection !== undefined, (query) => query.where("connection", "=", segment.connection as string))
        .execute()),
    );
  } else {
    // No segment: an account's hours' sums over every segment where it keeps them, its segments'
    // summaries before (hours-over-segments.server.ts); the hub's, every account's segments'.
    const kept = whose === "everyone" ? undefined : (await hoursOverSegmentsSince(db, [whose])).get(whose);
    const sumsFrom = Math.max(since, Math.min(until, kept ?? Number.POSITIVE_INFINITY));
    if (since < sumsFrom) rows.push(...(await hours(since, sumsFrom).where("device", "<>", EVERY_SEGMENT).execute()));
    if (sumsFrom < until)
      rows.push(
        ...(await hours(sumsFrom, until)
          .where("device", "=", EVERY_SEGMENT)
          .where("connection", "=", EVERY_SEGMENT)
          .execute()),
      );
  }
  return summedPerPage(
    rows.map(({ hour_start, ...row }) => ({ ...row, start: Number(hour_start) })),
    `${whoseName(whose)}, hour`,
    keep,
  );
}

/**
 * Stored summaries (an hour's, or a day's: `start`) summed per start, page and release as they are
 * read: the report splits them no further; of their figures, those `keep` names. One that does not
 * read is left out, with a warning naming it (`which`, then its start).
 */
export function summedPerPage(
  rows: ReadonlyArray<{ start: number; page_name: string; release: string; figures: string }>,
  which: string,
  keep: KeepFigure = everyFigure,
): HourSummary[] {
  const summaries = new Map<string, HourSummary>();
  for (const row of rows) {
    const key = JSON.stringify([row.start, row.page_name, row.release]);
    const summary = summaries.get(key) ?? {
      hourStart: row.start,
      pageName: row.page_name,
      release: row.release,
      figures: noFigures(),
    };
    try {
      addStoredFigures(summary.figures, row.figures, row.start, keep);
      summaries.set(key, summary);
    } catch (error) {
      // Changed by hand, or stored otherwise by another build: the summing starts an hour's again
      // when it next gets a beacon. One such row must not cost the seller the whole dashboard.
      console.warn(
        `A site-speed summary did not read, and is left out (${which} ${row.start}, ${row.page_name}):`,
        error instanceof Error ? error.message : error,
      );
    }
  }
  return [...summaries.values()];
}

/** Each page's histogram and ratings of each vital, over every summary of it: what regressions judge (regressions.ts). */
export function summedVitalsByPage(summaries: readonly HourSummary[]): PageVitalHistograms {
  const pages = new Map<string, Partial<Record<VitalName, MeasuredVital>>>();
  for (const { pageName, figures } of summaries) {
    const vitals = pages.get(pageName) ?? {};
    for (const name of VITAL_NAMES) {
      const histogram = figures.histograms.get(name);
      if (histogram === undefined) continue;
      const sum = (vitals[name] ??= { histogram: emptyHistogram(), ratings: noRatings() });
      mergeHistogram(sum.histogram, histogram);
      const ratings = ratingCountsOf(name, figures);
      for (const rating of RATINGS) sum.ratings[rating] += ratings[rating];
    }
    pages.set(pageName, vitals);
  }
  return pages;
}

/** The figures of `summaries` that `keep` names, summed per the group `groupOf` gives each. */
function sumBy<Group>(
  summaries: readonly HourSummary[],
  groupOf: (summary: HourSummary) => Group,
  keep: KeepFigure,
): Map<Group, Figures> {
  const sums = new Map<Group, Figures>();
  for (const summary of summaries) {
    const group = groupOf(summary);
    const sum = sums.get(group) ?? noFigures();
    addFigures(sum, summary.figures, keep);
    sums.set(group, sum);
  }
  return sums;
}

/**
 * Each page's figures, busiest first, as `summarisePages` in test/exact-site-speed-report.ts gives
 * them from raw beacons: `previous` is the period before's summaries.
 */
export function summedPages(summaries: readonly HourSummary[], previous: readonly HourSummary[]): PageSummary[] {
  const previousByPage = sumBy(previous, (summary) => summary.pageName, isVitalFigure);
  return [...sumBy(summaries, (summary) => summary.pageName, everyFigure)]
    .map(([pageName, figures]): PageSummary => {
      const count = (name: CountName) => figures.counts.get(name) ?? 0;
      return {
        pageName,
        pageViews: count("pageViews"),
        fullLoads: count("fullLoads"),
        inAppNavigations: count("inAppNavigations"),
        inAppDurationP75: p75Of(figures, "in-app.duration"),
        dataRequestP75: p75Of(figures, "in-app.dataRequest"),
        server: {
          fullLoads: serverTime(figures, "full-load"),
          inApp: serverTime(figures, "in-app"),
        },
        vitalParts: {
          LCP: partsOf(figures, "LCP.parts", LCP_PARTS, (part) => `LCP.${part}`),
          INP: partsOf(figures, "INP.phases", INP_PHASES, (phase) => `INP.${phase}`),
        },
        vitals: VITAL_NAMES.map((name): VitalSummary => ({
          ...vitalFigures(name, figures),
          previousP75: vitalP75(name, previousByPage.get(pageName) ?? noFigures()),
        })),
      };
    })
    .toSorted((a, b) => b.pageViews - a.pageViews || a.pageName.localeCompare(b.pageName));
}

/**
 * One page's charts, as `chartsOf` in test/exact-site-speed-report.ts gives them from raw beacons:
 * each vital's distribution over the period and its 75th percentile in each of the trend's
 * buckets (`bucketStarts`); null when the page has no summary in the period.
 */
export function summedCharts(
  summaries: readonly HourSummary[],
  pageName: string,
  bucketStarts: readonly number[],
): PageCharts | null {
  const pageSummaries = summaries.filter((summary) => summary.pageName === pageName);
  if (pageSummaries.length === 0) return null;
  const figures = sumBy(pageSummaries, () => pageName, isDistributionFigure).get(pageName) ?? noFigures();
  const buckets = sumBy(pageSummaries, (summary) => bucketOf(summary, bucketStarts), isVitalFigure);
  return {
    pageName,
    vitals: Object.fromEntries(
      VITAL_NAMES.map((name): [VitalName, VitalCharts] => [
        name,
        {
          histogram: distributionOf(name, []).map((bin, index) => ({
            ...bin,
            count: figures.counts.get(`${name}.bin.${index}`) ?? 0,
          })),
          trend: bucketStarts.map((start, index) => {
            const bucket = buckets.get(index) ?? noFigures();
            return { start, p75: vitalP75(name, bucket), samples: vitalSamples(name, bucket) };
          }),
        },
      ]),
    ) as Record<VitalName, VitalCharts>,
  };
}

/** The counts a vital's distribution is drawn from: its page views in each of its bins. */
const DISTRIBUTION_FIGURES = new Set<string>(
  VITAL_NAMES.flatMap((name) => distributionOf(name, []).map((_, index) => `${name}.bin.${index}`)),
);
const isDistributionFigure = (name: string) => DISTRIBUTION_FIGURES.has(name);

/** Which of the trend's buckets an hour falls in: the last to start at or before it. */
function bucketOf(summary: HourSummary, bucketStarts: readonly number[]): number {
  return Math.max(
    0,
    bucketStarts.findLastIndex((start) => start <= summary.hourStart),
  );
}

/** A vital's counts, 75th percentile and rating in `figures`. */
function vitalFigures(name: VitalName, figures: Figures): Omit<VitalSummary, "previousP75"> {
  const ratingCounts = ratingCountsOf(name, figures);
  const seventyFifth = vitalP75(name, figures);
  return {
    name,
    samples: vitalSamples(name, figures),
    p75: seventyFifth,
    rating: seventyFifth === null ? null : ratingAtP75(ratingCounts),
    ratingCounts,
    ratingPercentages: percentages(ratingCounts),
  };
}

const ratingCountsOf = (name: VitalName, figures: Figures): RatingCounts =>
  Object.fromEntries(RATINGS.map((rating) => [rating, figures.counts.get(`${name}.${rating}`) ?? 0])) as RatingCounts;

const vitalSamples = (name: VitalName, figures: Figures) =>
  RATINGS.reduce((sum, rating) => sum + (figures.counts.get(`${name}.${rating}`) ?? 0), 0);

/**
 * A vital's 75th percentile, within 1 % of the exact one, and within its rating's range: read
 * from the bins, an exact 2,500 ms LCP may read 2,515 ms, past the "good" threshold its rating
 * keeps. The threshold is then nearer the exact value than the bin's middle was.
 */
export function vitalP75(name: VitalName, figures: Figures): number | null {
  return withinRating(name, p75Of(figures, name), ratingCountsOf(name, figures));
}

const p75Of = (figures: Figures, name: Parameters<Figures["histograms"]["get"]>[0]) =>
  percentileOf(figures.histograms.get(name) ?? emptyHistogram(), 75);

function partsOf<Part extends string>(
  figures: Figures,
  told: CountName,
  parts: readonly Part[],
  histogramName: (part: Part) => Parameters<Figures["histograms"]["get"]>[0],
): PartsSummary<Part> | null {
  const samples = figures.counts.get(told) ?? 0;
  if (samples === 0) return null;
  const p75s = parts.flatMap((part) => {
    const value = p75Of(figures, histogramName(part));
    return value === null ? [] : [[part, value] as const];
  });
  return { samples, p75: Object.fromEntries(p75s) as Partial<Record<Part, number>> };
}

const serverTime = (figures: Figures, side: "full-load" | "in-app"): ServerTimeSummary | null =>
  partsOf(figures, `server.${side}`, SERVER_TIMING_PARTS, (part) => `server.${side}.${part}`);

/**
 * The releases that served the window's page views, as `releasesOf` in
 * test/exact-site-speed-report.ts gives them from raw beacons: each began at its first page view, in
 * this window or the one before (a summary stored before that moment was kept: its hour's start).
 * When each was last seen, which breaks a tie of beginnings, is to the hour, or to the day where
 * read from days (the raw read's is to the millisecond).
 */
export function summedReleases(
  summaries: readonly HourSummary[],
  previous: readonly HourSummary[],
): Array<ReleaseSummary & { lastSeen: number }> {
  const firstSeen = new Map<string, number>();
  for (const { release, hourStart, figures } of [...summaries, ...previous]) {
    const began = figures.firstBeganAt ?? hourStart;
    if (release !== "") firstSeen.set(release, Math.min(firstSeen.get(release) ?? began, began));
  }
  const byRelease = Map.groupBy(
    summaries.filter((summary) => summary.release !== ""),
    (summary) => summary.release,
  );
  return [...byRelease]
    .map(([release, ones]) => ({
      release,
      firstSeen: firstSeen.get(release) as number,
      pageViews: ones.reduce((sum, one) => sum + (one.figures.counts.get("pageViews") ?? 0), 0),
      lastSeen: ones.reduce((last, one) => Math.max(last, one.hourStart), 0),
    }))
    .toSorted((a, b) => a.firstSeen - b.firstSeen || a.lastSeen - b.lastSeen || a.release.localeCompare(b.release));
}

/** A release's vitals against another's, page by page, from the window's summaries. */
export function compareSummedReleases(
  summaries: readonly HourSummary[],
  { release, against }: { release: string; against: string },
): ReleaseComparison {
  const byPage = (which: string) =>
    sumBy(
      summaries.filter((summary) => summary.release === which),
      (summary) => summary.pageName,
      isVitalFigure,
    );
  const releaseFigures = byPage(release);
  const againstFigures = byPage(against);
  const pages = [...releaseFigures]
    .map(([pageName, figures]) => ({
      pageName,
      vitals: VITAL_NAMES.flatMap((name) => {
        const other = againstFigures.get(pageName);
        const p75 = vitalP75(name, figures);
        const againstP75 = other ? vitalP75(name, other) : null;
        if (p75 === null || againstP75 === null || !other) return [];
        return [
          { name, p75, samples: vitalSamples(name, figures), againstP75, againstSamples: vitalSamples(name, other) },
        ];
      }),
    }))
    .filter((page) => page.vitals.length > 0)
    .toSorted((a, b) => a.pageName.localeCompare(b.pageName));
  return { release, against, pages };
}

/**
 * The LCP elements and INP targets of each page, the slowest at the 75th percentile first, as
 * `summariseFixes` in test/exact-site-speed-report.ts gives them from raw beacons; the script behind an INP the one told most often
 * (of two as often, the first by name).
 */
export function summedFixes(summaries: readonly HourSummary[]): FixSummary[] {
  const fixes: FixSummary[] = [];
  const isFixFigure = (name: string) => name.startsWith("fix");
  for (const [pageName, figures] of sumBy(summaries, (summary) => summary.pageName, isFixFigure)) {
    // The scripts told behind each target, the most often first: [vital, element] as JSON → script.
    const scripts = new Map<string, { script: string; count: number }>();
    for (const [name, count] of figures.counts) {
      const parts = nameParts(name, "fix-script:");
      if (!parts || !isFixOf(parts) || typeof parts[2] !== "string") continue;
      const [vital, element, script] = parts;
      const fix = JSON.stringify([vital, element]);
      const most = scripts.get(fix);
      if (!most || count > most.count || (count === most.count && script < most.script))
        scripts.set(fix, { script, count });
    }
    for (const [name, pageViews] of figures.counts) {
      const parts = nameParts(name, "fix:");
      if (!parts || !isFixOf(parts)) continue;
      const [vital, element] = parts;
      const ratings = Object.fromEntries(
        RATINGS.map((rating) => [rating, figures.counts.get(fixRatingName(vital, element, rating)) ?? 0]),
      ) as RatingCounts;
      // Rated as the exact value is (FixesTable rates the figure it shows).
      const p75 = withinRating(vital, p75Of(figures, fixName(vital, element)), ratings);
      if (p75 === null) continue;
      fixes.push({
        pageName,
        vital,
        element,
        pageViews,
        p75,
        script: scripts.get(JSON.stringify(parts.slice(0, 2)))?.script ?? null,
      });
    }
  }
  return fixes.toSorted(bySlowness).slice(0, MAX_REPORTED_FIXES);
}

/**
 * The parts of a count's name that `fixName` and its kin wrote as JSON after `prefix`; null for
 * another name, or one no build writes (a summary changed by hand), which the report leaves out.
 */
function nameParts(name: string, prefix: string): unknown[] | null {
  if (!name.startsWith(prefix)) return null;
  try {
    const parts: unknown = JSON.parse(name.slice(prefix.length));
    return Array.isArray(parts) ? parts : null;
  } catch {
    return null;
  }
}

const isFixOf = (parts: unknown[]): parts is ["LCP" | "INP", string, ...unknown[]] =>
  (parts[0] === "LCP" || parts[0] === "INP") && typeof parts[1] === "string";

/** The script errors of the window's page views, the most frequent first, as `summariseScriptErrors` gives them. */
export function summedScriptErrors(summaries: readonly HourSummary[]): ScriptErrorSummary[] {
  const isErrorFigure = (name: string) => name.startsWith("error");
  const figures = sumBy(summaries, () => "all", isErrorFigure).get("all") ?? noFigures();
  const errors: ScriptErrorSummary[] = [];
  for (const [name, pageViews] of figures.counts) {
    const parts = nameParts(name, "error:");
    if (!parts || !isErrorOf(parts)) continue;
    const [message, source, line, column, pageName] = parts;
    const occurrences = figures.counts.get(`error-occurrences:${name.slice("error:".length)}`) ?? 0;
    errors.push({ message, source, line, column, pageName, occurrences, pageViews });
  }
  return errors.toSorted(byOccurrences).slice(0, MAX_REPORTED_ERRORS);
}

const isErrorOf = (parts: unknown[]): parts is [string, string, number, number, string] =>
  typeof parts[0] === "string" &&
  typeof parts[1] === "string" &&
  typeof parts[2] === "number" &&
  typeof parts[3] === "number" &&
  typeof parts[4] === "string";
