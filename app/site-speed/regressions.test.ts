import { describe, expect, it } from "vitest";
import { randomSequence } from "~/db/seed.server";
import { summedNear } from "../../test/summed-percentiles";
import { histogramOf } from "./log-histogram";
import { findRegressions, MIN_REGRESSION_SAMPLES, type MeasuredVital, type PageVitalHistograms } from "./regressions";
import { countRatings } from "../../test/exact-vital-statistics";
import type { VitalName } from "./vitals";

/** `count` values spread evenly between `from` and `to`. */
const spread = (count: number, from: number, to: number) =>
  Array.from({ length: count }, (_, index) => Math.round(from + ((to - from) * index) / Math.max(1, count - 1)));

const same = (count: number, value: number) => Array.from({ length: count }, () => value);

/** A week's pages, each vital's values counted as the sums count them. */
const pages = (values: Record<string, Partial<Record<VitalName, readonly number[]>>>): PageVitalHistograms =>
  new Map(
    Object.entries(values).map(([pageName, vitals]) => [
      pageName,
      Object.fromEntries(
        Object.entries(vitals).map(([vital, measured]) => [
          vital,
          { histogram: histogramOf(measured), ratings: countRatings(vital as VitalName, measured) },
        ]),
      ) satisfies Partial<Record<string, MeasuredVital>>,
    ]),
  );

const week = (pageName: string, vital: VitalName, values: readonly number[]) =>
  pages({ [pageName]: { [vital]: values } });

describe("findRegressions", () => {
  it("flags a page whose LCP got slower this week, with both weeks' 75th percentiles and page views", () => {
    const found = findRegressions(
      week("sellerHubListings", "LCP", spread(200, 1000, 3000)),
      week("sellerHubListings", "LCP", spread(180, 1000, 2000)),
    );
    expect(found).toEqual([
      {
        pageName: "sellerHubListings",
        vital: "LCP",
        previousP75: summedNear(1749),
        p75: summedNear(2497),
        samples: 200,
        previousSamples: 180,
      },
    ]);
  });

  it("shows each 75th percentile in the exact value's rating, as the pages table does", () => {
    // Read from its bin, an exact 2,500 ms would show as 2,515 ms: past "good", which it is.
    const [found] = findRegressions(week("p", "LCP", same(100, 2500)), week("p", "LCP", same(100, 2000)));
    expect(found).toMatchObject({ p75: 2500, previousP75: summedNear(2000) });
  });

  it(`trusts no week of fewer than ${MIN_REGRESSION_SAMPLES} page views, however much slower`, () => {
    const few = MIN_REGRESSION_SAMPLES - 1;
    expect(findRegressions(week("p", "LCP", spread(few, 4000, 8000)), week("p", "LCP", spread(100, 500, 900)))).toEqual(
      [],
    );
    expect(findRegressions(week("p", "LCP", spread(100, 4000, 8000)), week("p", "LCP", spread(few, 500, 900)))).toEqual(
      [],
    );
    expect(
      findRegressions(
        week("p", "LCP", spread(MIN_REGRESSION_SAMPLES, 4000, 8000)),
        week("p", "LCP", spread(MIN_REGRESSION_SAMPLES, 500, 900)),
      ),
    ).toHaveLength(1);
  });

  it("ignores a worsening too small to matter: under 10 %, or under a tenth of the vital's good threshold", () => {
    // 8 % slower, over a thousand page views each: real, and not worth a flag.
    expect(findRegressions(week("p", "LCP", same(1000, 2160)), week("p", "LCP", same(1000, 2000)))).toEqual([]);
    // INP 40 ms to 56 ms is 40 % slower, and 16 ms: under a tenth of 200 ms.
    expect(findRegressions(week("p", "INP", same(1000, 56)), week("p", "INP", same(1000, 40)))).toEqual([]);
    // CLS from none at all to 0.02: a tenth of 0.1 is 0.01.
    expect(findRegressions(week("p", "CLS", same(500, 0.02)), week("p", "CLS", same(500, 0)))).toMatchObject([
      { vital: "CLS", previousP75: 0, p75: summedNear(0.02) },
    ]);
  });

  it("flags a layout shift that came to a third of the page views, where most shift nothing", () => {
    // The week before, no page view shifted; this week 30 % shift 0.5. Most values are 0 in both
    // weeks, so the pooled 75th percentile is 0 too: split at and above it, every page view counts.
    const thisWeek = [...same(350, 0), ...same(150, 0.5)];
    expect(findRegressions(week("p", "CLS", thisWeek), week("p", "CLS", same(500, 0)))).toEqual([
      { pageName: "p", vital: "CLS", previousP75: 0, p75: summedNear(0.5), samples: 500, previousSamples: 500 },
    ]);
    // 80 % of page views at 0 the week before, 70 % now, the rest at 0.1.
    const before = [...same(400, 0), ...same(100, 0.1)];
    const now = [...same(350, 0), ...same(150, 0.1)];
    expect(findRegressions(week("p", "CLS", now), week("p", "CLS", before))).toMatchObject([{ p75: summedNear(0.1) }]);
  });

  it("does not flag chance: two weeks drawn from one distribution, a thousand times over, flag nothing", () => {
    // Repeatable, so a chance finding is the same every run.
    const random = randomSequence(47);
    const draw = (count: number) => Array.from({ length: count }, () => 800 + 3000 * random() ** 2);
    let flagged = 0;
    for (let trial = 0; trial < 1000; trial++) {
      const count = MIN_REGRESSION_SAMPLES + Math.floor(random() * 200);
      flagged += findRegressions(week("p", "LCP", draw(count)), week("p", "LCP", draw(count))).length;
    }
    // Three standard errors leave about one chance finding in 740 (these draws give none). Setting this week
    // against the week before's own 75th percentile, as if it were known exactly, flagged 23.
    expect(flagged).toBeLessThanOrEqual(2);
  });

  it("never flags a page that got faster, nor one measured in one week only", () => {
    const thisWeek = pages({ faster: { LCP: spread(100, 500, 1000) }, new: { LCP: spread(100, 5000, 9000) } });
    const weekBefore = pages({ faster: { LCP: spread(100, 2000, 4000) }, gone: { LCP: spread(100, 500, 900) } });
    expect(findRegressions(thisWeek, weekBefore)).toEqual([]);
  });

  it("lists the most worsened first, by how far it rose as a share of its vital's good threshold", () => {
    const thisWeek = pages({
      a: { LCP: same(100, 3000), INP: same(100, 600) },
      b: { TTFB: same(100, 900), CLS: same(100, 0.02) },
    });
    const weekBefore = pages({
      a: { LCP: same(100, 2000), INP: same(100, 200) },
      b: { TTFB: same(100, 800), CLS: same(100, 0) },
    });
    expect(findRegressions(thisWeek, weekBefore).map(({ pageName, vital }) => `${pageName} ${vital}`)).toEqual([
      "a INP",
      "a LCP",
      // A CLS from 0 is not infinitely worse: 0.02 is a fifth of its good threshold.
      "b CLS",
      "b TTFB",
    ]);
  });
});
