import { describe, expect, it } from "vitest";
import { siteSpeedBeaconBrotliBytes } from "./measurement-size";

/*
 * The one byte budget that is checked here rather than only in `npm run bench`: the bytes are the
 * same on every machine (the build and brotli's output depend on the code alone), and the beacon
 * slipped past its 4,000 B unnoticed between two full runs (4,002 B from 2f6b151 until 2026-11-27;
 * the budget: bench/README.md, decision 044).
 */
describe("the site-speed beacon's share of the first load", () => {
  it("stays within its 4,000 B of brotli", async () => {
    expect(await siteSpeedBeaconBrotliBytes()).toBeLessThanOrEqual(4_000);
  });
});
