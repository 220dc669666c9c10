/** The periods the site-speed dashboard offers, and the time buckets its trends use for each. */
import type { MessageKey } from "~/i18n/language-text";
import { boundedMemo } from "~/memo/bounded-memo";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export interface ReportPeriod {
  /** The query-string value: /sh/perf?period=7d */
  key: "24h" | "7d" | "30d";
  /** Its name in the catalogues. */
  label: MessageKey;
  durationMs: number;
  /** One trend point per bucket: an hour, or a day (a day of the seller's zone, 23 to 25 hours). */
  bucketMs: number;
}

export const REPORT_PERIODS = [
  { key: "24h", label: "speed.period.24h", durationMs: DAY_MS, bucketMs: HOUR_MS },
  { key: "7d", label: "speed.period.7d", durationMs: 7 * DAY_MS, bucketMs: DAY_MS },
  { key: "30d", label: "speed.period.30d", durationMs: 30 * DAY_MS, bucketMs: DAY_MS },
] as const satisfies readonly ReportPeriod[];

export const DEFAULT_REPORT_PERIOD: ReportPeriod = REPORT_PERIODS[1];

/** Beacons older than this, and the bucket it ends in, are never shown (expired-records.server.ts). */
export const LONGEST_REPORT_PERIOD_MS = Math.max(...REPORT_PERIODS.map((period) => period.durationMs));

/** The period a query string asks for; none means the default, an unknown one is null. */
export function findReportPeriod(key: string | null): ReportPeriod | null {
  if (key === null || key === "") return DEFAULT_REPORT_PERIOD;
  return REPORT_PERIODS.find((period) => period.key === key) ?? null;
}

/** A period's window, and where each of its trend's buckets starts. */
export interface PeriodWindow {
  since: number;
  until: number;
  /** The first is `since`; each bucket ends where the next starts, the last at `until`. */
  bucketStarts: number[];
}

/**
 * The period's window in the seller's zone: it ends at the end of the current bucket (the hour,
 * or the day as the seller's clock tells it), so its buckets are whole hours or whole days there.
 * A day of summer time's change has 23 or 25 hours; the period spans its days all the same.
 */
export function periodWindow(period: ReportPeriod, now: number, timeZone = "UTC"): PeriodWindow {
  const buckets = Math.round(period.durationMs / period.bucketMs);
  const starts: number[] = [];
  let until: number;
  if (period.bucketMs === HOUR_MS) {
    // Every zone the hub offers is a whole number of hours from UTC: its hours are UTC's.
    until = Math.ceil((now + 1) / HOUR_MS) * HOUR_MS;
    for (let index = buckets; index >= 1; index--) starts.push(until - index * HOUR_MS);
  } else {
    const today = startOfDay(now, timeZone);
    until = dayAfter(today, timeZone);
    starts.push(today);
    while (starts.length < buckets) starts.unshift(startOfDay(starts[0]! - 1, timeZone));
  }
  return { since: starts[0]!, until, bucketStarts: starts };
}

/**
 * The days of the zone that lie whole within `from` to `to`: the first to start at or after `from`,
 * the last to end at or before `to`, and the instant that last one ends (`from` if there is none).
 */
export function wholeDaysWithin(from: number, to: number, timeZone: string): { starts: number[]; end: number } {
  const starts: number[] = [];
  let start = startOfDay(from, timeZone);
  if (start < from) start = dayAfter(start, timeZone);
  for (let end = dayAfter(start, timeZone); end <= to; start = end, end = dayAfter(start, timeZone)) starts.push(start);
  return { starts, end: starts.length === 0 ? from : dayAfter(starts.at(-1)!, timeZone) };
}

/** The midnight after the day that begins at `start`: 26 hours on is in the next day, however long this one is. */
const dayAfter = (start: number, timeZone: string) => startOfDay(start + 26 * HOUR_MS, timeZone);

/** The instant of the midnight that starts the day `at` falls on in the zone. */
function startOfDay(at: number, timeZone: string): number {
  const [year, month, day] = DATE_PARTS(timeZone)
    .formatToParts(at)
    .filter((part) => part.type === "year" || part.type === "month" || part.type === "day")
    .map((part) => Number(part.value));
  const midnightUtc = Date.UTC(year!, month! - 1, day!);
  // The zone's offset at the guess, then at the answer: none of the hub's zones changes its clock at midnight.
  const guess = midnightUtc - offsetMs(midnightUtc, timeZone);
  return midnightUtc - offsetMs(guess, timeZone);
}

/** How far the zone's clock is ahead of UTC at an instant ("GMT+01:00" is 3,600,000). */
function offsetMs(at: number, timeZone: string): number {
  const name = OFFSET_NAME(timeZone)
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === "-" ? -minutes : minutes) * 60_000;
}

/** One formatter per zone, made once: making one costs far more than using it (report-labels.ts). */
const DATE_PARTS = boundedMemo(
  512,
  (timeZone: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
);
const OFFSET_NAME = boundedMemo(
  512,
  (timeZone: string) => new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }),
);
