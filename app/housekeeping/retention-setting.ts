import { DAY_MS } from "~/site-speed/report-periods";
import { RESENDS_WITHIN_MS } from "~/site-speed/beacon-rules";

/**
 * Raw speed beacons are kept a week by default: the dashboard reads the sums (decision 049), kept
 * 13 months, and a beacon is summed within minutes; a week leaves an operator time to look into
 * one that did not sum.
 */
export const DEFAULT_SPEED_BEACON_RETENTION_DAYS = 7;

/** The shortest retention: a page view's beacon is kept as long as a resend may take it back out of its hour. */
export const SHORTEST_SPEED_BEACON_RETENTION_DAYS = Math.ceil(RESENDS_WITHIN_MS / DAY_MS);

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
      `SPEED_BEACON_RETENTION_DAYS must be a whole number of days, at least ${SHORTEST_SPEED_BEACON_RETENTION_DAYS} so that a page view's resent beacon finds the one it replaces; it is "${setting}".`,
    );
  }
  return days;
}
