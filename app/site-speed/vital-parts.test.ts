import { describe, expect, it } from "vitest";
import { INP_PHASES, LCP_PARTS } from "./beacon-rules";
import { describeScript, measuredParts } from "./vital-parts";

const ORIGIN = "https://hub.example";

describe("what an LCP or an INP was made of", () => {
  it("keeps the parts named, in whole milliseconds, and leaves out one no browser could measure", () => {
    expect(
      measuredParts({ ttfb: 80.4, loadDelay: 0, loadTime: 339.6, renderDelay: 1250.5, extra: 9 }, LCP_PARTS),
    ).toEqual({ ttfb: 80, loadDelay: 0, loadTime: 340, renderDelay: 1251 });
    // Negative, not finite, past a day: left out, not the others.
    expect(measuredParts({ inputDelay: -1, processing: Number.NaN, presentation: 1e20 }, INP_PHASES)).toBeUndefined();
    expect(measuredParts({ inputDelay: 4, processing: Infinity, presentation: 20 }, INP_PHASES)).toEqual({
      inputDelay: 4,
      presentation: 20,
    });
    expect(measuredParts(undefined, INP_PHASES)).toBeUndefined();
  });

  it("names the INP's script in a line: a path for the hub's own, the origin for others', else what invoked it", () => {
    expect(describeScript({ url: `${ORIGIN}/assets/listings-B1x9.js?v=2`, name: "applyFilters" }, ORIGIN)).toBe(
      "/assets/listings-B1x9.js applyFilters",
    );
    expect(describeScript({ url: "https://cdn.example/ads.js", name: "" }, ORIGIN)).toBe("https://cdn.example/ads.js");
    expect(describeScript({ url: "", name: "BUTTON#apply.onclick" }, ORIGIN)).toBe("BUTTON#apply.onclick");
    expect(describeScript({ url: "", name: "" }, ORIGIN)).toBeUndefined();
    expect(describeScript(undefined, ORIGIN)).toBeUndefined();
  });
});
