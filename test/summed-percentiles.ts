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

expect.extend({
  toBeWithinSummedError(received: unknown, exact: number) {
    const pass =
      typeof received === "number" && Math.abs(received - exact) <= RELATIVE_ACCURACY * Math.abs(exact) + 1e-9;
    return {
      pass,
      message: () =>
        `expected ${String(received)} ${pass ? "not " : ""}to be within ${RELATIVE_ACCURACY * 100} % of ${exact}`,
    };
  },
});

declare module "vitest" {
  interface AsymmetricMatchersContaining {
    /** A percentile read from the sums: within the error the dashboard states of `exact` (log-histogram.ts). */
    toBeWithinSummedError(exact: number): unknown;
  }
}

/** In `toEqual` and `toMatchObject`: a percentile read from the sums, within the stated error of `exact`. */
export const summedNear = (exact: number): unknown => expect.toBeWithinSummedError(exact);
