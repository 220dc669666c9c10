/** The periods the site-speed dashboard offers, and the time buckets its trends use for each. */
import type { MessageKey } from "~/i18n/language-text";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface ReportPeriod {
  /** The query-string value: /sh/perf?period=7d */
  key: "24h" | "7d" | "30d";
  /** Its name in the catalogues. */
  label: MessageKey;
  durationMs: number;
  /** One trend point per bucket; buckets start on whole UTC hours or days. */
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

/** The period's window: it ends at the end of the current bucket, so buckets are whole hours or days. */
export function periodWindow(period: ReportPeriod, now: number): { since: number; until: number } {
  const until = Math.ceil((now + 1) / period.bucketMs) * period.bucketMs;
  return { since: until - period.durationMs, until };
}
