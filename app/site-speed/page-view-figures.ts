/**
 * What a page view adds to its hour's summary (docs/decisions/049): counts (page views, full loads,
 * in-app navigations, each vital's ratings and its distribution's bins, the page views that told
 * each part) and log histograms (each vital, LCP's parts, INP's phases, the server's time, the
 * in-app navigation's). Both merge by adding, so an hour's figures add up to a day's, and a page
 * view resent with newer figures is taken back out by subtracting. The figures are those the
 * dashboard sums from raw beacons (`summarisePages` in site-speed-report.server.ts), the same
 * page views counting for the same things.
 */
import { z } from "zod";
import { INP_PHASES, LCP_PARTS, SERVER_TIMING_PARTS } from "./beacon-rules";
import type { ServerTiming } from "./beacon-schema";
import {
  countValue,
  emptyHistogram,
  mergeHistogram,
  readStoredHistogram,
  storeHistogram,
  subtractHistogram,
  type LogHistogram,
  type StoredHistogram,
} from "./log-histogram";
import { isPageView, type PageView } from "./page-view";
import { distributionBinOf } from "./vital-statistics";
import { rate, VITAL_NAMES, type Rating, type VitalName } from "./vitals";

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
  | `server.${ServerSide}`;

export type HistogramName =
  | VitalName
  | `LCP.${LcpPart}`
  | `INP.${InpPhase}`
  | `server.${ServerSide}.${ServerTimingPart}`
  | "in-app.duration"
  | "in-app.dataRequest";

export interface Figures {
  /** Counts of none are not kept. */
  counts: Map<CountName, number>;
  histograms: Map<HistogramName, LogHistogram>;
}

export const noFigures = (): Figures => ({ counts: new Map(), histograms: new Map() });

/** One page view's figures. */
export function figuresOf(view: PageView): Figures {
  const figures = noFigures();
  const count = (name: CountName) => figures.counts.set(name, (figures.counts.get(name) ?? 0) + 1);
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
  return figures;
}

/** Adds `source`'s figures to `target`'s. */
export function addFigures(target: Figures, source: Figures): void {
  for (const [name, count] of source.counts) target.counts.set(name, (target.counts.get(name) ?? 0) + count);
  for (const [name, histogram] of source.histograms) {
    const sum = target.histograms.get(name) ?? emptyHistogram();
    mergeHistogram(sum, histogram);
    target.histograms.set(name, sum);
  }
}

/**
 * Takes `source`'s figures back out of `target`'s. Nothing goes below 0; false when `target`
 * lacked some of them (figures summed before they were stored, or changed by hand).
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
    if (sum.zeros === 0 && sum.bins.size === 0) target.histograms.delete(name);
  }
  return whole;
}

/** As a summary row stores them: JSON text of counts and histograms by name. */
const storedFigures = z.object({
  counts: z.record(z.string(), z.int().positive()),
  histograms: z.record(z.string(), z.unknown()),
});

export function storeFigures(figures: Figures): string {
  const histograms: Record<string, StoredHistogram> = {};
  for (const [name, histogram] of figures.histograms) histograms[name] = storeHistogram(histogram);
  return JSON.stringify({ counts: Object.fromEntries(figures.counts), histograms });
}

/** Reads stored figures back; throws on anything else (a corrupt row, which summing must not build on). */
export function readStoredFigures(text: string): Figures {
  const { counts, histograms } = storedFigures.parse(JSON.parse(text));
  return {
    // The names were written by storeFigures; a name it never writes is never read.
    counts: new Map(Object.entries(counts)) as Map<CountName, number>,
    histograms: new Map(
      Object.entries(histograms).map(([name, stored]) => [name as HistogramName, readStoredHistogram(stored)]),
    ),
  };
}
