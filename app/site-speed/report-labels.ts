/**
 * The words and labels of the site-speed dashboard, in the seller's locale. Times are UTC: the
 * dashboard's buckets are whole UTC hours and days.
 */
import type { VitalSummary } from "./site-speed-report";
import type { HistogramBin, TrendPoint } from "./vital-statistics";
import { formatVital, formatVitalNumber, rate, RATING_LABELS, VITALS, type VitalName } from "./vitals";

const HOUR_MS = 3_600_000;

/** A trend bucket's short axis label and its full label. */
export function bucketLabels(start: number, bucketMs: number, locale: string): { tick: string; label: string } {
  const date = new Date(start);
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options }).format(date);
  if (bucketMs <= HOUR_MS) {
    const time = format({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    return { tick: time, label: `${format({ day: "numeric", month: "short" })}, ${time} UTC` };
  }
  return {
    tick: format({ day: "numeric", month: "short" }),
    label: format({ weekday: "short", day: "numeric", month: "short", year: "numeric" }),
  };
}

/** A distribution bin's axis label (its upper edge) and its full range. */
export function binLabels(name: VitalName, bin: HistogramBin, locale: string): { tick: string; label: string } {
  const number = (value: number) => formatVitalNumber(name, value, locale);
  if (bin.to === null) return { tick: "more", label: `Over ${formatVital(name, bin.from, locale)}` };
  return {
    tick: number(bin.to),
    label:
      bin.from === 0
        ? `Up to ${formatVital(name, bin.to, locale)}`
        : `${number(bin.from)}–${formatVital(name, bin.to, locale)}`,
  };
}

/** "LCP (Largest Contentful Paint)" */
export function vitalTitle(name: VitalName): string {
  return `${name} (${VITALS[name].label})`;
}

/** The trend in one sentence: its latest value and how many buckets had data. */
export function trendSummary(name: VitalName, points: readonly TrendPoint[], bucketMs: number, locale: string): string {
  const withData = points.filter((point) => point.p75 !== null);
  const latest = withData.at(-1);
  const buckets = bucketMs <= HOUR_MS ? "hours" : "days";
  if (!latest || latest.p75 === null) return `No ${name} was measured in this period.`;
  const when = bucketLabels(latest.start, bucketMs, locale).label;
  const rating = RATING_LABELS[rate(name, latest.p75)].toLowerCase();
  return `The 75th percentile of ${name} was ${formatVital(name, latest.p75, locale)} (${rating}) on ${when}, the latest with data; ${withData.length} of ${points.length} ${buckets} have data.`;
}

/** The distribution in one sentence: how many page views were good, needed improvement, were poor. */
export function distributionSummary(summary: VitalSummary, locale: string): string {
  const { samples, ratingCounts: counts, ratingPercentages: shares } = summary;
  const part = (count: number, share: number) => `${count.toLocaleString(locale)} (${share}%)`;
  return (
    `Of ${samples.toLocaleString(locale)} page views that measured ${summary.name}, ${part(counts.good, shares.good)} were good, ` +
    `${part(counts["needs-improvement"], shares["needs-improvement"])} needed improvement and ${part(counts.poor, shares.poor)} were poor.`
  );
}

export interface Change {
  /** Lower is better for every vital. */
  direction: "better" | "worse" | "same" | "unknown";
  text: string;
}

/** This period's 75th percentile against the period before's: "800 ms better than the period before". */
export function changeSincePrevious(name: VitalName, p75: number, previousP75: number | null, locale: string): Change {
  if (previousP75 === null) return { direction: "unknown", text: "Not measured in the period before" };
  const difference = Math.abs(p75 - previousP75);
  if (formatVitalNumber(name, difference, locale) === formatVitalNumber(name, 0, locale))
    return { direction: "same", text: "The same as the period before" };
  const direction = p75 < previousP75 ? "better" : "worse";
  return { direction, text: `${formatVital(name, difference, locale)} ${direction} than the period before` };
}
