import { LONGEST_REPORT_PERIOD_MS } from "~/site-speed/report-periods";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Speed beacons are kept this long by default: three times the dashboard's longest period. */
export const DEFAULT_SPEED_BEACON_RETENTION_DAYS = 90;

/** The shortest retention that still fills the dashboard's longest period, whose last day is today's. */
export const SHORTEST_SPEED_BEACON_RETENTION_DAYS = Math.ceil(LONGEST_REPORT_PERIOD_MS / DAY_MS) + 1;

/**
 * SPEED_BEACON_RETENTION_DAYS, else the default; a bad value throws, saying why. Read at start-up
 * (scripts/serve.ts) so that a mistake stops the hub before it serves, not a month later.
 */
export function speedBeaconRetentionDays(environment: NodeJS.ProcessEnv = process.env): number {
  const setting = environment.SPEED_BEACON_RETENTION_DAYS ?? "";
  if (setting === "") return DEFAULT_SPEED_BEACON_RETENTION_DAYS;
  const days = /^[0-9]{1,6}$/.test(setting) ? Number(setting) : Number.NaN;
  if (!(days >= SHORTEST_SPEED_BEACON_RETENTION_DAYS)) {
    throw new Error(
      `SPEED_BEACON_RETENTION_DAYS must be a whole number of days, at least ${SHORTEST_SPEED_BEACON_RETENTION_DAYS} so that the site-speed dashboard's longest period stays full; it is "${setting}".`,
    );
  }
  return days;
}
