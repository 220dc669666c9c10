import { expect } from "vitest";
import { RELATIVE_ACCURACY } from "~/site-speed/log-histogram";

/**
 * A percentile read from the hours' summaries, against the exact one from raw beacons: both
 * missing, or within the error the dashboard states (log-histogram.ts).
 */
export function expectWithin(summed: number | null | undefined, exact: number | null | undefined): void {
  expect(summed ?? null, `${summed} against ${exact}`).toSatisfy((read: number | null) =>
    exact === null || exact === undefined
      ? read === null
      : read !== null && Math.abs(read - exact) <= RELATIVE_ACCURACY * exact + 1e-9,
  );
}
