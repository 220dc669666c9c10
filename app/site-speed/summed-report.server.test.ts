import { describe, expect, it } from "vitest";
import { sampleBeacon } from "../../test/speed-beacons";
import type { SpeedBeacon } from "./beacon-schema";
import { readPageView } from "./page-view";
import { histogramOf } from "./log-histogram";
import { addStoredFigures, figuresOf, isVitalFigure, noFigures, storeFigures, type Figures } from "./page-view-figures";
import { StoredFiguresError } from "./stored-figures-checks";
import { summedFixes, summedReleases, summedScriptErrors, vitalP75, type HourSummary } from "./summed-report.server";
import { countRatings } from "../../test/exact-vital-statistics";
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

/** A beacon as the collector stores it, arriving now. */
function storedRow({
  pageName,
  speedSession: _session,
  tracking: _tracking,
  resources: _resources,
  ...metrics
}: SpeedBeacon) {
  return { page_name: pageName, received_at: Date.now(), metrics: JSON.stringify(metrics) };
}

describe("summaries changed by hand or written by another build", () => {
  const one = (figures: Figures): HourSummary => ({
    hourStart: 0,
    pageName: "sellerHubOverview",
    release: "",
    figures,
  });

  it("adds nothing of stored figures that do not read whole", () => {
    const sum = noFigures();
    sum.counts.set("pageViews", 2);
    const before = structuredClone(sum);
    for (const text of [
      '{"counts":{"pageViews":1},"histograms":{"LCP":{"zeros":0,"bins":{"3":-1}}}}',
      '{"counts":{"pageViews":1,"fullLoads":0.5},"histograms":{}}',
      '{"counts":[],"histograms":{}}',
      '{"counts":{"pageViews":1},"histograms":{},"firstBeganAt":"yesterday"}',
      '{"counts":{"pageViews":1},"histograms":{},"firstBeganAt":-1}',
      '{"counts":{"pageViews":1},"histograms":{},"firstBeganAt":1e999}',
    ])
      expect(() => addStoredFigures(sum, text, 0)).toThrow(StoredFiguresError);
    expect(sum).toEqual(before);
  });

  it("leaves out a fix or an error whose name no build writes, and lists the rest", () => {
    const figures = noFigures();
    addStoredFigures(
      figures,
      storeFigures(
        figuresOf(
          readPageView(
            storedRow(
              sampleBeacon({
                attribution: { lcpElement: "img.hero" },
                errors: [
                  { message: "Boom", source: "/a.js", line: 1, column: 2, count: 1, pageName: "sellerHubOverview" },
                ],
              }),
            ),
          )!,
        ),
      ),
      0,
    );
    for (const name of [
      "fix:not json",
      'fix:["CLS","p"]',
      'fix:["LCP"]',
      'fix-script:["INP","b",7]',
      "error:[1]",
      "error:{}",
    ])
      figures.counts.set(name as "fix:x", 3);
    expect(summedFixes([one(figures)]).map((fix) => fix.element)).toEqual(["img.hero"]);
    expect(summedScriptErrors([one(figures)]).map((error) => error.message)).toEqual(["Boom"]);
  });
});

describe("the releases read from summed figures", () => {
  const HOUR = 3_600_000;
  const summary = (release: string, hourStart: number, stored: string): HourSummary => {
    const figures = noFigures();
    addStoredFigures(figures, stored, hourStart);
    return { hourStart, pageName: "sellerHubOverview", release, figures };
  };

  it("begin at their first page view, or at its hour's start in a summary stored before that was kept", () => {
    const stored = (firstBeganAt?: number) =>
      storeFigures({ ...figuresOf(readPageView(storedRow(sampleBeacon()))!), firstBeganAt });
    const releases = summedReleases(
      [summary("r2", 10 * HOUR, stored(10 * HOUR + 1_234.5)), summary("r1", 10 * HOUR, stored(undefined))],
      [summary("r2", 9 * HOUR, stored(9 * HOUR + 59 * 60_000))],
    );
    expect(releases.map(({ release, firstSeen }) => [release, firstSeen])).toEqual([
      ["r2", 9 * HOUR + 59 * 60_000],
      ["r1", 10 * HOUR],
    ]);
  });
});

describe("the figures a read keeps", () => {
  it("keeps a vital's histogram and ratings, and when the first page view began, and reads and checks no other", () => {
    const view = readPageView(
      storedRow(
        sampleBeacon({
          vitals: { LCP: 2300, INP: 40 },
          attribution: { lcpElement: "img.hero", lcpParts: { ttfb: 300 } },
          errors: [{ message: "Boom", source: "/a.js", line: 1, column: 2, count: 1, pageName: "sellerHubOverview" }],
        }),
      ),
    )!;
    const stored = JSON.parse(storeFigures(figuresOf(view))) as { counts: Record<string, unknown> };
    // A name it does not keep, stored wrong, is not read; one it keeps, stored wrong, throws.
    stored.counts["fix:broken"] = -1;
    const vitals = noFigures();
    addStoredFigures(vitals, JSON.stringify(stored), 0, isVitalFigure);
    expect([...vitals.histograms.keys()].toSorted()).toEqual(["INP", "LCP"]);
    expect(Object.fromEntries(vitals.counts)).toEqual({ "INP.good": 1, "LCP.good": 1 });
    expect(vitals.firstBeganAt).toBe(view.beganAt);
    stored.counts["LCP.poor"] = -1;
    expect(() => addStoredFigures(noFigures(), JSON.stringify(stored), 0, isVitalFigure)).toThrow(StoredFiguresError);
  });
});
