/**
 * The words and labels of the site-speed dashboard, in the seller's language; numbers and dates in
 * the page's language's locale. Times are the seller's zone's: the dashboard's buckets are its hours and days.
 */
import type { Text } from "~/i18n/language-text";
import { boundedMemo } from "~/memo/bounded-memo";
import { HOUR_MS } from "./report-periods";
import type { VitalSummary } from "./site-speed-report";
import type { HistogramBin, TrendPoint } from "./vital-statistics";
import { formatVital, formatVitalNumber, rate, VITALS, type Rating, type VitalName } from "./vitals";

/** A rating as a message's select takes it (a select's keys are words): the sentence words it in lower case. */
const RATING_SELECTS: Record<Rating, string> = { good: "good", "needs-improvement": "needsImprovement", poor: "poor" };

/** The dates a trend's labels show, by what they show. */
const DATE_STYLES = {
  time: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
  zoneName: { timeZoneName: "short" },
  day: { day: "numeric", month: "short" },
  fullDay: { weekday: "short", day: "numeric", month: "short", year: "numeric" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
type DateStyle = keyof typeof DATE_STYLES;

/**
 * One formatter per locale, zone and style: making an Intl.DateTimeFormat costs far more than
 * using it, and a dashboard view labels every bucket of every chart (a 24-hour view of 17 pages,
 * about 1,600 labels, spent over half its server time making them: issue 33's profile). Locales
 * and zones are the hub's own few, so the bound is never reached in practice.
 */
const dateFormat = boundedMemo(512, (key: `${string}|${string}|${DateStyle}`) => {
  const [locale, timeZone, style] = key.split("|") as [string, string, DateStyle];
  return new Intl.DateTimeFormat(locale, { timeZone, ...DATE_STYLES[style] });
});

/** A trend bucket's short axis label and its full label. */
export function bucketLabels(
  start: number,
  bucketMs: number,
  locale: string,
  text: Text,
  timeZone: string,
): { tick: string; label: string } {
  const date = new Date(start);
  const format = (style: DateStyle) => dateFormat(`${locale}|${timeZone}|${style}`).format(date);
  if (bucketMs <= HOUR_MS) {
    const time = format("time");
    const zone = dateFormat(`${locale}|${timeZone}|zoneName`)
      .formatToParts(date)
      .find((part) => part.type === "timeZoneName")?.value;
    return {
      tick: time,
      label: text("speed.bucket.hour", { day: format("day"), time, zone: zone ?? timeZone }),
    };
  }
  return { tick: format("day"), label: format("fullDay") };
}

/** A distribution bin's axis label (its upper edge) and its full range. */
export function binLabels(
  name: VitalName,
  bin: HistogramBin,
  locale: string,
  text: Text,
): { tick: string; label: string } {
  const number = (value: number) => formatVitalNumber(name, value, locale);
  if (bin.to === null)
    return {
      tick: text("speed.bin.more"),
      label: text("speed.bin.over", { value: formatVital(name, bin.from, locale) }),
    };
  return {
    tick: number(bin.to),
    label:
      bin.from === 0
        ? text("speed.bin.upTo", { value: formatVital(name, bin.to, locale) })
        : `${number(bin.from)}–${formatVital(name, bin.to, locale)}`,
  };
}

/** "LCP (Largest Contentful Paint)": the metrics' names are not translated (vitals.ts says why). */
export function vitalTitle(name: VitalName): string {
  return `${name} (${VITALS[name].label})`;
}

/** The trend in one sentence: its latest value and how many buckets had data. */
export function trendSummary(
  name: VitalName,
  points: readonly TrendPoint[],
  bucketMs: number,
  locale: string,
  text: Text,
  timeZone: string,
): string {
  const withData = points.filter((point) => point.p75 !== null);
  const latest = withData.at(-1);
  if (!latest || latest.p75 === null) return text("speed.trend.none", { vital: name });
  return text("speed.trend.summary", {
    vital: name,
    value: formatVital(name, latest.p75, locale),
    rating: RATING_SELECTS[rate(name, latest.p75)],
    when: bucketLabels(latest.start, bucketMs, locale, text, timeZone).label,
    withData: withData.length,
    total: points.length,
    buckets: bucketMs <= HOUR_MS ? "hours" : "days",
  });
}

/** The distribution in one sentence: how many page views were good, needed improvement, were poor. */
export function distributionSummary(summary: VitalSummary, text: Text): string {
  const { samples, ratingCounts: counts, ratingPercentages: shares } = summary;
  return text("speed.distribution.summary", {
    samples,
    vital: summary.name,
    good: counts.good,
    goodShare: shares.good,
    needsImprovement: counts["needs-improvement"],
    needsImprovementShare: shares["needs-improvement"],
    poor: counts.poor,
    poorShare: shares.poor,
  });
}

export interface Change {
  /** Lower is better for every vital. */
  direction: "better" | "worse" | "same" | "unknown";
  text: string;
}

/** This period's 75th percentile against the period before's: "800 ms better than the period before". */
export function changeSincePrevious(
  name: VitalName,
  p75: number,
  previousP75: number | null,
  locale: string,
  text: Text,
): Change {
  if (previousP75 === null) return { direction: "unknown", text: text("speed.change.unknown") };
  const difference = Math.abs(p75 - previousP75);
  if (formatVitalNumber(name, difference, locale) === formatVitalNumber(name, 0, locale))
    return { direction: "same", text: text("speed.change.same") };
  const direction = p75 < previousP75 ? "better" : "worse";
  return {
    direction,
    text: text(direction === "better" ? "speed.change.better" : "speed.change.worse", {
      difference: formatVital(name, difference, locale),
    }),
  };
}
