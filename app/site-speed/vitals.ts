/**
 * The web vitals the hub measures and how each is judged: web.dev's thresholds, as the
 * `web-vitals` library rates them (a value up to the first is good, up to the second needs
 * improvement, above it is poor). Kept here rather than imported from `web-vitals`, so that
 * pages drawing the dashboard do not pull the measuring library into their bundle.
 */

import type { MessageKey } from "~/i18n/language-text";
import { boundedMemo } from "~/memo/bounded-memo";

export const VITAL_NAMES = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

export type Rating = "good" | "needs-improvement" | "poor";
export const RATINGS: readonly Rating[] = ["good", "needs-improvement", "poor"];
/** Each rating's name in the catalogues. */
export const RATING_LABELS = {
  good: "speed.rating.good",
  "needs-improvement": "speed.rating.needs-improvement",
  poor: "speed.rating.poor",
} as const satisfies Record<Rating, MessageKey>;

export interface VitalDefinition {
  name: VitalName;
  /**
   * What the acronym stands for, for headings and screen readers. Not translated: the metrics'
   * names are Google's own, and its web.dev and Chrome documentation keep them in English in
   * German, French, Italian and Spanish too.
   */
  label: string;
  /** Milliseconds, or a unitless layout-shift score. */
  unit: "ms" | "score";
  /** [good up to, needs improvement up to]. */
  thresholds: readonly [number, number];
  /** The distribution's bins: their width and how many (the last one is open-ended). */
  binWidth: number;
  binCount: number;
}

export const VITALS: Record<VitalName, VitalDefinition> = {
  LCP: {
    name: "LCP",
    label: "Largest Contentful Paint",
    unit: "ms",
    thresholds: [2500, 4000],
    binWidth: 500,
    binCount: 12,
  },
  INP: {
    name: "INP",
    label: "Interaction to Next Paint",
    unit: "ms",
    thresholds: [200, 500],
    binWidth: 50,
    binCount: 14,
  },
  CLS: {
    name: "CLS",
    label: "Cumulative Layout Shift",
    unit: "score",
    thresholds: [0.1, 0.25],
    binWidth: 0.05,
    binCount: 8,
  },
  FCP: {
    name: "FCP",
    label: "First Contentful Paint",
    unit: "ms",
    thresholds: [1800, 3000],
    binWidth: 200,
    binCount: 20,
  },
  TTFB: { name: "TTFB", label: "Time to First Byte", unit: "ms", thresholds: [800, 1800], binWidth: 200, binCount: 14 },
};

export function rate(name: VitalName, value: number): Rating {
  const [good, needsImprovement] = VITALS[name].thresholds;
  return value <= good ? "good" : value <= needsImprovement ? "needs-improvement" : "poor";
}

/**
 * How `value` differs from `base`, as a share: "+67%", "-8%", "0%". Where `base` is 0 (a CLS),
 * the difference itself, "+0.12": no share of nothing.
 */
export function formatChange(name: VitalName, value: number, base: number, locale: string): string {
  if (base === 0) return value === 0 ? formatNumber(0, locale, "share") : `+${formatVital(name, value, locale)}`;
  return formatNumber(value / base - 1, locale, "change");
}

/** The numbers the dashboard writes, by their kind. */
const NUMBER_STYLES = {
  whole: {},
  score: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  tenths: { maximumFractionDigits: 1 },
  share: { style: "percent" },
  change: { style: "percent", signDisplay: "exceptZero" },
} as const satisfies Record<string, Intl.NumberFormatOptions>;
type NumberStyle = keyof typeof NUMBER_STYLES;

/**
 * One formatter per locale and kind. `toLocaleString` with options makes a new one on every call
 * (20 µs here, against 0.4 µs to use one kept; without options V8 keeps one per locale, 1 µs), and
 * the dashboard writes a number on every axis tick, bar and table cell: 13 % of a 30-day view's
 * server time once its dates were formatted alike (report-labels.ts, issue 33's profile).
 */
const numberFormat = boundedMemo(64, (key: `${string}|${NumberStyle}`) => {
  const [locale, style] = key.split("|") as [string, NumberStyle];
  return new Intl.NumberFormat(locale, NUMBER_STYLES[style]);
});
const formatNumber = (value: number, locale: string, style: NumberStyle) =>
  numberFormat(`${locale}|${style}`).format(value);

/** "2,480 ms", "12.3 s" or "0.12", in the page's language's locale. */
export function formatVital(name: VitalName, value: number, locale: string): string {
  return VITALS[name].unit === "ms" ? formatDuration(value, locale) : formatVitalNumber(name, value, locale);
}

/**
 * From ten seconds on, a duration reads in seconds, as Lighthouse shows it: five-digit
 * milliseconds ("12,345 ms") widened the pages table past its 1280 px column on a busy machine
 * (CI's slowest run), and a tab left open may report up to a day.
 */
const SECONDS_FROM_MS = 10_000;

/** Any duration, a vital's or not (an in-app navigation, its data request): "640 ms", "12.3 s", "86,400 s". */
export function formatDuration(milliseconds: number, locale: string): string {
  if (Math.round(milliseconds) < SECONDS_FROM_MS)
    return `${formatNumber(Math.round(milliseconds), locale, "whole")} ms`;
  const seconds = milliseconds / 1000;
  return `${seconds < 100 ? formatNumber(seconds, locale, "tenths") : formatNumber(Math.round(seconds), locale, "whole")} s`;
}

/** The number alone, for axes and ranges: "2,480" or "0.12". */
export function formatVitalNumber(name: VitalName, value: number, locale: string): string {
  return VITALS[name].unit === "score"
    ? formatNumber(value, locale, "score")
    : formatNumber(Math.round(value), locale, "whole");
}
