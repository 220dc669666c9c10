import { CLSThresholds, FCPThresholds, INPThresholds, LCPThresholds, TTFBThresholds } from "web-vitals";
import { describe, expect, it } from "vitest";
import { formatChange, formatDuration, formatVital, rate, VITALS } from "./vitals";

describe("web-vital thresholds", () => {
  it("are the ones the web-vitals library rates by", () => {
    expect(VITALS.LCP.thresholds).toEqual(LCPThresholds);
    expect(VITALS.INP.thresholds).toEqual(INPThresholds);
    expect(VITALS.CLS.thresholds).toEqual(CLSThresholds);
    expect(VITALS.FCP.thresholds).toEqual(FCPThresholds);
    expect(VITALS.TTFB.thresholds).toEqual(TTFBThresholds);
  });

  it.each([
    ["LCP", 2500, "good"],
    ["LCP", 2501, "needs-improvement"],
    ["LCP", 4000, "needs-improvement"],
    ["LCP", 4001, "poor"],
    ["INP", 200, "good"],
    ["INP", 500, "needs-improvement"],
    ["INP", 501, "poor"],
    ["CLS", 0.1, "good"],
    ["CLS", 0.25, "needs-improvement"],
    ["CLS", 0.26, "poor"],
    ["FCP", 1800, "good"],
    ["FCP", 3000, "needs-improvement"],
    ["FCP", 3001, "poor"],
    ["TTFB", 800, "good"],
    ["TTFB", 1800, "needs-improvement"],
    ["TTFB", 1801, "poor"],
  ] as const)("%s of %d is %s", (name, value, rating) => {
    expect(rate(name, value)).toBe(rating);
  });

  it("puts every threshold on a bin edge, so each bin has one rating", () => {
    for (const { thresholds, binWidth, binCount } of Object.values(VITALS)) {
      for (const threshold of thresholds) {
        const edges = threshold / binWidth;
        expect(Math.abs(edges - Math.round(edges))).toBeLessThan(1e-9);
        expect(edges).toBeLessThan(binCount);
      }
    }
  });

  it("formats times in milliseconds and layout shift as a score", () => {
    expect(formatVital("LCP", 2480.4, "en-US")).toBe("2,480 ms");
    expect(formatVital("CLS", 0.1234, "en-US")).toBe("0.12");
    expect(formatVital("CLS", 0, "de-DE")).toBe("0,00");
  });

  it("says a change as a share of the figure before, or as the difference where that was 0", () => {
    expect(formatChange("LCP", 2980, 1780, "en-US")).toBe("+67%");
    expect(formatChange("LCP", 1640, 1780, "en-US")).toBe("-8%");
    expect(formatChange("LCP", 1780, 1780, "en-US")).toBe("0%");
    expect(formatChange("LCP", 2980, 1780, "de-DE")).toBe("+67\u00a0%");
    expect(formatChange("CLS", 0.12, 0, "en-US")).toBe("+0.12");
    expect(formatChange("CLS", 0, 0, "en-US")).toBe("0%");
  });

  it("formats ten seconds and more in seconds, so that a slow page's figure stays short", () => {
    expect(formatDuration(9_999.4, "en-US")).toBe("9,999 ms");
    expect(formatDuration(9_999.6, "en-US")).toBe("10 s");
    expect(formatVital("LCP", 12_345, "en-US")).toBe("12.3 s");
    expect(formatVital("TTFB", 12_345, "de-DE")).toBe("12,3 s");
    expect(formatDuration(99_940, "en-US")).toBe("99.9 s");
    expect(formatDuration(123_456, "en-US")).toBe("123 s");
    expect(formatDuration(24 * 60 * 60 * 1000, "fr-FR")).toBe("86\u202f400 s");
    expect(formatDuration(2 ** 53, "en-US")).toBe("9,007,199,254,741 s");
  });
});
