import { describe, expect, it } from "vitest";
import { histogramOf } from "./log-histogram";
import { noFigures, type Figures } from "./page-view-figures";
import { summedScriptErrors, vitalP75 } from "./summed-report.server";
import { countRatings } from "./vital-statistics";
import { rate, VITAL_NAMES, VITALS, type VitalName } from "./vitals";

/** A vital's figures as the summing counts them: its ratings and its log histogram. */
function figuresOfValues(name: VitalName, values: readonly number[]): Figures {
  const figures = noFigures();
  for (const [rating, count] of Object.entries(countRatings(name, values)))
    if (count > 0) figures.counts.set(`${name}.${rating}` as `${VitalName}.good`, count);
  figures.histograms.set(name, histogramOf(values));
  return figures;
}

describe("a vital's 75th percentile read from summed figures", () => {
  it("keeps the rating of the exact value at that rank, on a threshold and just past it", () => {
    for (const name of VITAL_NAMES) {
      for (const threshold of VITALS[name].thresholds) {
        for (const exact of [threshold, threshold * 1.004, threshold * 0.996]) {
          const read = vitalP75(name, figuresOfValues(name, [exact, exact, exact, exact]));
          expect(rate(name, read!), `${name} at ${exact}`).toBe(rate(name, exact));
          expect(Math.abs(read! - exact)).toBeLessThanOrEqual(0.01 * exact);
        }
      }
    }
  });

  it("is null without values", () => {
    expect(vitalP75("LCP", noFigures())).toBeNull();
  });
});

describe("script errors read from summed figures", () => {
  it("tells each error's page views and occurrences, the most frequent first, names in any script", () => {
    const figures = noFigures();
    const key = (message: string) => JSON.stringify([message, "/assets/root.js", 3, 14, "sellerHubOverview"]);
    figures.counts.set(`error:${key("Ürün bulunamadı")}`, 2);
    figures.counts.set(`error-occurrences:${key("Ürün bulunamadı")}`, 9);
    figures.counts.set(`error:${key("TypeError")}`, 4);
    figures.counts.set(`error-occurrences:${key("TypeError")}`, 4);
    const errors = summedScriptErrors([{ hourStart: 0, pageName: "sellerHubOverview", release: "", figures }]);
    expect(errors).toEqual([
      {
        message: "Ürün bulunamadı",
        source: "/assets/root.js",
        line: 3,
        column: 14,
        pageName: "sellerHubOverview",
        occurrences: 9,
        pageViews: 2,
      },
      expect.objectContaining({ message: "TypeError", occurrences: 4, pageViews: 4 }),
    ]);
  });
});
