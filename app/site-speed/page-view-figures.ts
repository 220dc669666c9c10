/**
 * What a page view adds to its hour's summary (docs/decisions/049): counts (page views, full loads,
 * in-app navigations, each vital's ratings and its distribution's bins, the page views that told
 * each part) and log histograms (each vital, LCP's parts, INP's phases, the server's time, the
 * in-app navigation's). Both merge by adding, so an hour's figures add up to a day's, and a page
 * view resent with newer figures is taken back out by subtracting. Beside them, the moment the
 * first page view began, which merges by the earliest. The figures are those the tests' exact
 * report gives from raw beacons (`summarisePages` in test/exact-site-speed-report.ts), the same
 * page views counting for the same things.
 */
import { INP_PHASES, LCP_PARTS, SERVER_TIMING_PARTS } from "./beacon-rules";
import type { ScriptError, ServerTiming } from "./beacon-schema";
import {
  countOf,
  countValue,
  emptyHistogram,
  addStoredHistogram,
  checkStoredHistogram,
  mergeHistogram,
  storeHistogram,
  subtractHistogram,
  type LogHistogram,
  type StoredHistogram,
} from "./log-histogram";
import { fixesOf, isPageView, type PageView } from "./page-view";
import { isCount, isMoment, isObject, StoredFiguresError } from "./stored-figures-checks";
import { distributionBinOf } from "./vital-statistics";
import { rate, RATINGS, VITAL_NAMES, type Rating, type VitalName } from "./vitals";

type LcpPart = (typeof LCP_PARTS)[number];
type InpPhase = (typeof INP_PHASES)[number];
type ServerTimingPart = (typeof SERVER_TIMING_PARTS)[number];
/** The server's time of a full load's document, or of an in-app navigation's data request. */
type ServerSide = "full-load" | "in-app";

export type CountName =
  | "pageViews"
  | "fullLoads"
  | "inAppNavigations"
  | `${VitalName}.${Rating}`
  | `${VitalName}.bin.${number}`
  /** Page views that told LCP's parts, INP's phases, the server's time: each part's samples are of these. */
  | "LCP.parts"
  | "INP.phases"
  | `server.${ServerSide}`
  /** Page views whose LCP element or INP target was this one: `fixName`. */
  | `fix:${string}`
  /** Of those, the ones whose vital was rated so: `fixRatingName`. */
  | `fix-rating:${string}`
  /** Of those, the INP's whose script behind it was this one: `fixScriptName`. */
  | `fix-script:${string}`
  /** Page views in which a script error happened, and how often it happened in them: `errorName`. */
  | `error:${string}`
  | `error-occurrences:${string}`;

export type HistogramName =
  | VitalName
  | `LCP.${LcpPart}`
  | `INP.${InpPhase}`
  | `server.${ServerSide}.${ServerTimingPart}`
  | "in-app.duration"
  | "in-app.dataRequest"
  /** The vital's values of the page views that counted towards `fix:…`. */
  | `fix:${string}`;

/**
 * "What to fix" and script errors are named by the page (an element's selector, an error's
 * message), so their names are unbounded: each is a count's name, its parts as JSON.
 */
export const fixName = (vital: "LCP" | "INP", element: string) => `fix:${JSON.stringify([vital, element])}` as const;
export const fixRatingName = (vital: "LCP" | "INP", element: string, rating: Rating) =>
  `fix-rating:${JSON.stringify([vital, element, rating])}` as const;
const fixScriptName = (vital: "LCP" | "INP", element: string, script: string) =>
  `fix-script:${JSON.stringify([vital, element, script])}` as const;
const errorName = (error: Omit<ScriptError, "count">) =>
  JSON.stringify([error.message, error.source, error.line, error.column, error.pageName]);

export interface Figures {
  /** Counts of none are not kept. */
  counts: Map<CountName, number>;
  histograms: Map<HistogramName, LogHistogram>;
  /**
   * When the first of these page views began (ms): a release began at its first page view, and a
   * hotfix often goes out in the same hour as the release it fixes. Figures merge by the earliest.
   * A minimum cannot be taken back out, so a resend that moves a page view to another hour (a
   * build that told no age dates it on arrival) leaves the first moment of its old hour as it was:
   * at most the resend window early; and a resend in the same hour, whose age arrives with its own
   * network delay, leaves the earlier beacon's moment, a transit time early. Summaries stored
   * before it was kept read their hour's start for it (`addStoredFigures`).
   */
  firstBeganAt?: number;
}

export const noFigures = (): Figures => ({ counts: new Map(), histograms: new Map() });

/** One page view's figures. */
export function figuresOf(view: PageView): Figures {
  const figures = noFigures();
  const count = (name: CountName, by = 1) => figures.counts.set(name, (figures.counts.get(name) ?? 0) + by);
  const measure = (name: HistogramName, value: number) => {
    const histogram = figures.histograms.get(name) ?? emptyHistogram();
    countValue(histogram, value);
    figures.histograms.set(name, histogram);
  };
  const measureServer = (side: ServerSide, timing: ServerTiming) => {
    count(`server.${side}`);
    for (const part of SERVER_TIMING_PARTS)
      if (timing[part] !== undefined) measure(`server.${side}.${part}`, timing[part]);
  };

  figures.firstBeganAt = view.beganAt;
  if (isPageView(view)) count("pageViews");
  if (view.kind === "full-load") {
    count("fullLoads");
    if (view.navigation?.server) measureServer("full-load", view.navigation.server);
  }
  if (view.kind === "in-app") {
    count("inAppNavigations");
    const navigation = view.inAppNavigation;
    if (navigation) {
      measure("in-app.duration", navigation.duration);
      if (navigation.dataRequest !== undefined) measure("in-app.dataRequest", navigation.dataRequest);
      if (navigation.server) measureServer("in-app", navigation.server);
    }
  }
  const { lcpParts, inpPhases } = view.attribution ?? {};
  if (lcpParts) {
    count("LCP.parts");
    for (const part of LCP_PARTS) if (lcpParts[part] !== undefined) measure(`LCP.${part}`, lcpParts[part]);
  }
  if (inpPhases) {
    count("INP.phases");
    for (const phase of INP_PHASES) if (inpPhases[phase] !== undefined) measure(`INP.${phase}`, inpPhases[phase]);
  }
  for (const name of VITAL_NAMES) {
    const value = view.vitals[name];
    if (value === undefined) continue;
    measure(name, value);
    count(`${name}.${rate(name, value)}`);
    count(`${name}.bin.${distributionBinOf(name, value)}`);
  }
  for (const { vital, element, value, script } of fixesOf(view)) {
    count(fixName(vital, element));
    count(fixRatingName(vital, element, rate(vital, value)));
    measure(fixName(vital, element), value);
    if (script) count(fixScriptName(vital, element, script));
  }
  for (const { count: occurrences, ...error } of view.errors) {
    count(`error:${errorName(error)}`);
    count(`error-occurrences:${errorName(error)}`, occurrences);
  }
  return figures;
}

/** Which of a page view's counts and histograms, by name, a read or a sum keeps. */
export type KeepFigure = (name: string) => boolean;

/** Every count and histogram of a page view's figures. */
export const everyFigure: KeepFigure = () => true;

/** The figures a vital's 75th percentile and its rating are read from: its histogram, its ratings' counts. */
const VITAL_FIGURES = new Set<string>([
  ...VITAL_NAMES,
  ...VITAL_NAMES.flatMap((name) => RATINGS.map((rating) => `${name}.${rating}`)),
]);
export const isVitalFigure = (name: string): boolean => VITAL_FIGURES.has(name);

/**
 * Adds `source`'s figures to `target`'s: the counts and histograms `keep` names. A report that
 * needs a few (its script errors, say) skips merging the rest, most of a view's work (a CPU
 * profile of the dashboard: docs/decisions/049, "Regressions").
 */
export function addFigures(target: Figures, source: Figures, keep: KeepFigure = everyFigure): void {
  mergeFirstBeganAt(target, source.firstBeganAt);
  for (const [name, count] of source.counts)
    if (keep(name)) target.counts.set(name, (target.counts.get(name) ?? 0) + count);
  for (const [name, histogram] of source.histograms) {
    if (!keep(name)) continue;
    const sum = target.histograms.get(name) ?? emptyHistogram();
    mergeHistogram(sum, histogram);
    target.histograms.set(name, sum);
  }
}

/**
 * Takes `source`'s figures back out of `target`'s. Nothing goes below 0; false when `target`
 * lacked some of them (figures summed before they were stored, or changed by hand). The first
 * moment stays (`firstBeganAt`).
 */
export function subtractFigures(target: Figures, source: Figures): boolean {
  let whole = true;
  for (const [name, count] of source.counts) {
    const left = (target.counts.get(name) ?? 0) - count;
    whole &&= left >= 0;
    if (left > 0) target.counts.set(name, left);
    else target.counts.delete(name);
  }
  for (const [name, histogram] of source.histograms) {
    const sum = target.histograms.get(name);
    if (!sum) {
      whole = false;
      continue;
    }
    whole = subtractHistogram(sum, histogram) && whole;
    if (countOf(sum) === 0) target.histograms.delete(name);
  }
  return whole;
}

/** As a summary row stores them: JSON text of counts and histograms by name. */
export function storeFigures(figures: Figures): string {
  const histograms: Record<string, StoredHistogram> = {};
  for (const [name, histogram] of figures.histograms) histograms[name] = storeHistogram(histogram);
  const { firstBeganAt } = figures;
  return JSON.stringify({ counts: Object.fromEntries(figures.counts), histograms, firstBeganAt });
}

/**
 * Reads stored figures back; throws on anything else (a corrupt row, which summing must not build
 * on).
 */
export function readStoredFigures(text: string, hourStart: number): Figures {
  const figures = noFigures();
  addStoredFigures(figures, text, hourStart);
  return figures;
}

/**
 * Adds stored figures to `target`, straight from their JSON: a dashboard view sums thousands.
 * Measured in Vitest on this machine (2026-11-27), 5,400 summaries of one page view each:
 * checked by a zod schema and read into figures of their own, 464 ms; checked by hand, 245 ms;
 * checked by hand and added straight into 900 sums, 115–127 ms; their JSON.parse alone, 50–62 ms
 * (docs/decisions/089). Throws StoredFiguresError, leaving `target` as it was, when they do not read.
 * `hourStart` is the summary's hour: the first moment of one stored before that was kept. Only
 * the counts and histograms `keep` names are checked and added (the period before's vitals, say).
 */
export function addStoredFigures(
  target: Figures,
  text: string,
  hourStart: number,
  keep: KeepFigure = everyFigure,
): void {
  const stored: unknown = JSON.parse(text);
  if (!isObject(stored) || !isObject(stored.counts) || !isObject(stored.histograms))
    throw new StoredFiguresError("Stored figures are { counts, histograms }.");
  const { counts, histograms } = stored;
  for (const name in counts)
    if (keep(name) && (!isCount(counts[name]) || counts[name] === 0))
      throw new StoredFiguresError(`A stored count ${name} is ${String(counts[name])}.`);
  for (const name in histograms) if (keep(name)) checkStoredHistogram(histograms[name]);
  // A summary stored before the first moment was kept began, as far as it tells, at its hour's start.
  const { firstBeganAt = hourStart } = stored;
  if (!isMoment(firstBeganAt)) throw new StoredFiguresError(`A stored first moment is ${String(firstBeganAt)}.`);
  mergeFirstBeganAt(target, firstBeganAt);
  // Names are taken as written by storeFigures; the report leaves out one it cannot read (summed-report.server.ts).
  for (const name in counts)
    if (keep(name))
      target.counts.set(name as CountName, (target.counts.get(name as CountName) ?? 0) + (counts[name] as number));
  for (const name in histograms) {
    if (!keep(name)) continue;
    const sum = target.histograms.get(name as HistogramName) ?? emptyHistogram();
    addStoredHistogram(sum, histograms[name] as StoredHistogram);
    target.histograms.set(name as HistogramName, sum);
  }
}

function mergeFirstBeganAt(target: Figures, firstBeganAt: number | undefined): void {
  if (firstBeganAt !== undefined) target.firstBeganAt = Math.min(target.firstBeganAt ?? firstBeganAt, firstBeganAt);
}
