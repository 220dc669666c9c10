import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller } from "../../test/listings";
import { expectWithin, summedNear } from "../../test/summed-percentiles";
import { forgetPageViews, sampleBeacon, sampleInAppBeacon, storeBeacons, testId } from "../../test/speed-beacons";
import { migrate, type Database } from "~/db/database.server";
import { BEACON_RESEND_WINDOW_MS } from "./beacon-rules";
import type { SpeedBeacon } from "./beacon-schema";
import { findReportPeriod, periodWindow, type ReportPeriod } from "./report-periods";
import type { Segment } from "./report-segments";
import { MAX_REPORTED_ERRORS, MAX_REPORTED_FIXES, type SiteSpeedReport } from "./site-speed-report";
import { exactReport } from "../../test/exact-site-speed-report";
import {
  buildSiteSpeedReport,
  countTracking,
  findWeekRegressions,
  type AskedFigures,
} from "./site-speed-report.server";
import type { TrendPoint } from "./vital-statistics";
import type { VitalName } from "./vitals";
import { EVERY_SEGMENT } from "./hours-over-segments.server";
import { sumNewBeacons } from "./sum-beacons.server";

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 22, 14, 30);
/** A day before NOW: a closed day, which the 7 and 30 days read from the days' sums (summed-days.server.ts). */
const YESTERDAY = NOW - 24 * HOUR;
const LAST_WEEK = findReportPeriod("7d")!;
/** The week before NOW's last 7 days, in UTC days: from the 9th to the 16th. */
const WEEK_BEFORE_BEGAN_IN_UTC = Date.UTC(2026, 10, 9);
const boom = {
  message: "Uncaught Error: boom",
  source: "/assets/shell.js",
  line: 3,
  column: 9,
  pageName: "sellerHubOverview",
};

describe.each(TEST_DIALECTS)("the site-speed report on $name", (dialect) => {
  let database: Database;
  let sellerId: number;
  let otherSellerId: number;

  function store(beacon: SpeedBeacon, receivedAt: number, seller: number | null = sellerId) {
    const { pageName, speedSession, ...metrics } = beacon;
    return {
      page_name: pageName,
      speed_session: speedSession,
      seller_id: seller,
      received_at: receivedAt,
      metrics: JSON.stringify(metrics),
    };
  }
  const insert = (...rows: ReturnType<typeof store>[]) => storeBeacons(database.db, rows);
  const report = (segment: Segment = {}, now = NOW, asked: AskedFigures = {}): Promise<SiteSpeedReport> =>
    buildSiteSpeedReport(database, sellerId, LAST_WEEK, segment, now, "UTC", asked);
  /** A period's report computed exactly from raw beacons and, as the dashboard reads it, from the sums. */
  async function bothReads(
    period: ReportPeriod,
    segment: Segment = {},
    asked: AskedFigures = {},
  ): Promise<SiteSpeedReport[]> {
    return [
      await exactReport(database.db, sellerId, period, segment, NOW, "UTC", asked),
      await buildSiteSpeedReport(database, sellerId, period, segment, NOW, "UTC", asked),
    ];
  }
  /** The overview's charts asked for: the page of the sample beacons. */
  const CHARTED: AskedFigures = { page: "sellerHubOverview" };
  /** A vital's trend on the page whose charts the report was asked for. */
  const trendOf = (result: SiteSpeedReport, name: VitalName) => result.charts?.vitals[name].trend ?? [];
  const measuredStarts = (trend: readonly TrendPoint[]) =>
    trend.filter((point) => point.samples > 0).map((point) => new Date(point.start).toISOString());
  const pageOf = (result: SiteSpeedReport, pageName: string) =>
    result.pages.find((summary) => summary.pageName === pageName);
  const vital = (result: SiteSpeedReport, pageName: string, name: string) =>
    result.pages.find((page) => page.pageName === pageName)?.vitals.find((summary) => summary.name === name);

  beforeAll(async () => {
    database = await dialect.open();
    sellerId = await insertSeller(database.db, "report-seller");
    otherSellerId = await insertSeller(database.db, "report-other");
  }, 60_000);
  afterAll(() => database.close());
  beforeEach(async () => {
    await forgetPageViews(database.db);
    await database.db.deleteFrom("tracking_hour").execute();
  });

  it("is empty without beacons", async () => {
    expect(await report()).toMatchObject({ pageViews: 0, stillSumming: false, pages: [], scriptErrors: [] });
  });

  it("shows a seller their own beacons only, never another seller's or anonymous ones", async () => {
    await insert(
      store(sampleBeacon(), NOW - HOUR),
      store(sampleBeacon(), NOW - HOUR, otherSellerId),
      store(sampleBeacon(), NOW - HOUR, null),
    );
    expect((await report()).pageViews).toBe(1);
  });

  it("cuts the trend in the seller's days: 07:00 UTC on the 22nd is still the 21st in Los Angeles", async () => {
    await insert(store(sampleBeacon({ vitals: { LCP: 1200 } }), Date.UTC(2026, 10, 22, 7)));
    const losAngeles = await buildSiteSpeedReport(
      database,
      sellerId,
      LAST_WEEK,
      {},
      NOW,
      "America/Los_Angeles",
      CHARTED,
    );
    expect(measuredStarts(trendOf(losAngeles, "LCP"))).toEqual(["2026-11-21T08:00:00.000Z"]);
    // In UTC, the same beacon is the 22nd's.
    expect(measuredStarts(trendOf(await report({}, NOW, CHARTED), "LCP"))).toEqual(["2026-11-22T00:00:00.000Z"]);
  });

  it("summarises each page at the 75th percentile, busiest page first", async () => {
    await insert(
      ...[1000, 2000, 3000, 5000].map((LCP, index) =>
        store(sampleBeacon({ vitals: { LCP, CLS: index * 0.1 } }), NOW - index * HOUR),
      ),
      store(sampleBeacon({ pageName: "sellerHubSiteSpeed", vitals: { LCP: 900 } }), NOW - HOUR),
    );
    const result = await report();
    expect(result.pages.map((page) => [page.pageName, page.pageViews])).toEqual([
      ["sellerHubOverview", 4],
      ["sellerHubSiteSpeed", 1],
    ]);
    expect(vital(result, "sellerHubOverview", "LCP")).toMatchObject({
      samples: 4,
      p75: summedNear(3000),
      rating: "needs-improvement",
      ratingCounts: { good: 2, "needs-improvement": 1, poor: 1 },
      ratingPercentages: { good: 50, "needs-improvement": 25, poor: 25 },
    });
    expect(vital(result, "sellerHubOverview", "CLS")).toMatchObject({
      samples: 4,
      p75: summedNear(0.2),
      rating: "needs-improvement",
    });
    expect(vital(result, "sellerHubSiteSpeed", "INP")).toMatchObject({ samples: 0, p75: null, rating: null });
  });

  it("draws the trend in daily buckets over the last 7 days", async () => {
    await insert(
      store(sampleBeacon({ vitals: { TTFB: 300 } }), NOW),
      store(sampleBeacon({ vitals: { TTFB: 900 } }), NOW - 3 * 24 * HOUR),
    );
    const points = trendOf(await report({}, NOW, CHARTED), "TTFB");
    expect(points).toHaveLength(7);
    expect(points.map((point) => point.p75)).toEqual([null, null, null, summedNear(900), null, null, summedNear(300)]);
    expect(new Date(points[6]?.start ?? 0).toISOString()).toBe("2026-11-22T00:00:00.000Z");
  });

  it("charts the page asked for alone: none unasked, none for a page the period did not measure", async () => {
    await insert(
      store(sampleBeacon({ vitals: { LCP: 1200 } }), NOW - HOUR),
      store(sampleBeacon({ pageName: "sellerHubSiteSpeed", vitals: { LCP: 900 } }), NOW - HOUR),
    );
    expect((await report()).charts).toBeNull();
    const shown = await report({}, NOW, { page: "sellerHubSiteSpeed" });
    expect(shown.charts?.pageName).toBe("sellerHubSiteSpeed");
    expect(measuredStarts(trendOf(shown, "LCP"))).toEqual(["2026-11-22T00:00:00.000Z"]);
    expect(trendOf(shown, "LCP").map((point) => point.p75)).toEqual([...Array(6).fill(null), summedNear(900)]);
    expect(shown.charts?.vitals.LCP.histogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(1);
    expect(shown.charts?.vitals.INP.histogram.every((bin) => bin.count === 0)).toBe(true);
    // The pages table is the same whichever page's charts are shown.
    expect(shown.pages).toEqual((await report()).pages);
    expect((await report({}, NOW, { page: "sellerHubBulkPriceChoose" })).charts).toBeNull();
  });

  it("leaves out beacons older than the period", async () => {
    await insert(store(sampleBeacon(), NOW - 8 * 24 * HOUR), store(sampleBeacon(), NOW - HOUR));
    expect((await report()).pageViews).toBe(1);
  });

  it("dates a page view from when it began, not when its beacon arrived after the seller left it", async () => {
    const LAST_DAY = findReportPeriod("24h")!;
    const MINUTE = 60_000;
    await insert(
      // Loaded at 10:55, left at 11:10: the 10:00 hour's.
      store(sampleBeacon({ ageMs: 15 * MINUTE, vitals: { LCP: 1200 } }), Date.UTC(2026, 10, 22, 11, 10)),
      // Loaded at 14:55 the day before, left at 15:10: the period before's, which ended at 15:00.
      store(sampleBeacon({ ageMs: 15 * MINUTE, vitals: { LCP: 2600 } }), Date.UTC(2026, 10, 21, 15, 10)),
      // A page of a build that did not tell its age is dated when its beacon arrived.
      store(sampleBeacon({ vitals: { LCP: 1800 } }), Date.UTC(2026, 10, 21, 15, 5)),
      // So is one whose stored age a later rule would refuse (a shorter resend window): not lost.
      store(sampleBeacon({ ageMs: 5_000_000, vitals: { LCP: 1500 } }), Date.UTC(2026, 10, 22, 12, 30)),
    );
    for (const result of await bothReads(LAST_DAY, {}, CHARTED)) {
      expect(result.pageViews).toBe(3);
      const lcp = vital(result, "sellerHubOverview", "LCP");
      expect(lcp?.samples).toBe(3);
      expectWithin(lcp?.previousP75, 2600);
      expect(measuredStarts(trendOf(result, "LCP"))).toEqual([
        "2026-11-21T15:00:00.000Z",
        "2026-11-22T10:00:00.000Z",
        "2026-11-22T12:00:00.000Z",
      ]);
    }
  });

  it("keeps a page view begun on the period's first or last millisecond, sent as late as the collector takes, and none begun outside it", async () => {
    const LAST_DAY = findReportPeriod("24h")!;
    // At 14:30 the 24 hours run from 15:00 on the 21st to 15:00 on the 22nd.
    const since = Date.UTC(2026, 10, 21, 15);
    const until = Date.UTC(2026, 10, 22, 15);
    const late = BEACON_RESEND_WINDOW_MS;
    const begun = (at: number, ageMs: number, lcp: number) =>
      store(sampleBeacon({ ageMs, vitals: { LCP: lcp } }), at + ageMs);
    await insert(
      begun(since, late, 1100),
      begun(since - 1, late, 2900),
      begun(until - 1, late, 1300),
      begun(until, 0, 9999),
      begun(until, 1000, 9999),
    );
    for (const result of await bothReads(LAST_DAY, {}, CHARTED)) {
      expect(result.pageViews).toBe(2);
      const lcp = vital(result, "sellerHubOverview", "LCP");
      expect(lcp?.samples).toBe(2);
      expectWithin(lcp?.p75, 1300);
      expectWithin(lcp?.previousP75, 2900);
      expect(measuredStarts(trendOf(result, "LCP"))).toEqual(["2026-11-21T15:00:00.000Z", "2026-11-22T14:00:00.000Z"]);
    }
  });

  it("leaves out an hour's summary that does not read, with a warning, rather than failing the dashboard", async () => {
    const LAST_DAY = findReportPeriod("24h")!;
    await insert(store(sampleBeacon(), NOW - HOUR));
    await sumNewBeacons(database);
    const unreadable = (device: string) =>
      database.db
        .insertInto("speed_summary_hour")
        .values({
          seller_id: sellerId,
          hour_start: Math.floor((NOW - HOUR) / HOUR) * HOUR,
          page_name: "sellerHubMessages",
          device,
          connection: device,
          release: "",
          figures: '{"counts":{"pageViews":"many"},"histograms":{}}',
        })
        .execute();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      // A segment's summary, before the account's first view: its hour's sum over every segment leaves it out.
      await unreadable("");
      const day = await buildSiteSpeedReport(database, sellerId, LAST_DAY, {}, NOW);
      expect(day).toMatchObject({ stillSumming: false, pageViews: 1 });
      expect(day.pages.map((page) => page.pageName)).toEqual(["sellerHubOverview"]);
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining("A site-speed summary did not read, and is left out of its hour's sum"),
        expect.any(String),
      );
      // An hour's sum over every segment, which a view of no segment reads.
      warn.mockClear();
      await unreadable(EVERY_SEGMENT);
      expect((await buildSiteSpeedReport(database, sellerId, LAST_DAY, {}, NOW)).pageViews).toBe(1);
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining("A site-speed summary did not read, and is left out ("),
        expect.any(String),
      );
    } finally {
      warn.mockRestore();
    }
  });

  it("reads the sums while a backlog waits to be summed, and says so; sums what little was just queued", async () => {
    const LAST_DAY = findReportPeriod("24h")!;
    const day = () => buildSiteSpeedReport(database, sellerId, LAST_DAY, {}, NOW);
    const queue = (count: number) => insert(...Array.from({ length: count }, () => store(sampleBeacon(), NOW - HOUR)));
    // More than twenty batches of 500 queued (migration 0033's, or housekeeping stopped a while):
    // the sums lack them until housekeeping has summed them, and the report says so.
    await queue(10_001);
    expect(await day()).toMatchObject({ stillSumming: true, pageViews: 0 });
    expect(await report()).toMatchObject({ stillSumming: true, pageViews: 0 });
    await sumNewBeacons(database);
    expect(await day()).toMatchObject({ stillSumming: false, pageViews: 10_001 });
    // More than a batch, as on a busy hub between housekeeping's minutes: left to housekeeping.
    await queue(600);
    expect(await day()).toMatchObject({ stillSumming: false, pageViews: 10_001 });
    await sumNewBeacons(database);
    // A few: summed by the view first.
    await queue(1);
    expect(await day()).toMatchObject({ stillSumming: false, pageViews: 10_602 });
  });

  it("counts a page view once, with what its newest beacon says", async () => {
    const [pageView, speedSession] = [testId(), testId()];
    await insert(
      // Resent by an older build when the page was hidden again, within the resend window.
      store(sampleBeacon({ pageView, speedSession, vitals: { INP: 80 }, errors: [{ ...boom, count: 1 }] }), YESTERDAY),
      store(
        sampleBeacon({ pageView, speedSession, vitals: { INP: 640 }, errors: [{ ...boom, count: 3 }] }),
        YESTERDAY + 10 * 60_000,
      ),
    );
    const result = await report();
    expect(result.pageViews).toBe(1);
    expect(vital(result, "sellerHubOverview", "INP")).toMatchObject({
      samples: 1,
      p75: summedNear(640),
      rating: "poor",
    });
    expect(result.scriptErrors).toEqual([{ ...boom, occurrences: 3, pageViews: 1 }]);
  });

  it("lists the most frequent script errors first, across page views", async () => {
    const rare = { ...boom, message: "Uncaught TypeError: rare", line: 40 };
    await insert(
      store(
        sampleBeacon({
          errors: [
            { ...boom, count: 2 },
            { ...rare, count: 1 },
          ],
        }),
        NOW - HOUR,
      ),
      store(sampleBeacon({ errors: [{ ...boom, count: 1 }] }), NOW - 2 * HOUR),
    );
    expect((await report()).scriptErrors).toEqual([
      { ...boom, occurrences: 3, pageViews: 2 },
      { ...rare, occurrences: 1, pageViews: 1 },
    ]);
  });

  it(`lists the ${MAX_REPORTED_FIXES} slowest things to fix and the ${MAX_REPORTED_ERRORS} most frequent script errors, on both reads`, async () => {
    // Two more LCP elements than are shown, each slower than the one before by far more than the
    // sums' 1 %, and two more errors, each once more frequent than the one before (their messages
    // in a script other than Latin, as a browser in another language words them).
    const items = Array.from({ length: Math.max(MAX_REPORTED_FIXES, MAX_REPORTED_ERRORS) + 2 }, (_, index) => index);
    await insert(
      ...items.map((index) =>
        store(
          sampleBeacon({
            vitals: { LCP: 1000 + 500 * index },
            attribution: { lcpElement: `section:nth-child(${index + 1}) > img` },
            errors: [{ ...boom, message: `Uncaught Error: ошибка ${index}`, count: index + 1 }],
          }),
          NOW - HOUR,
        ),
      ),
    );
    for (const result of await bothReads(findReportPeriod("24h")!)) {
      const slowestFirst = items.toReversed();
      expect(result.fixes.map((fix) => fix.element)).toEqual(
        slowestFirst.slice(0, MAX_REPORTED_FIXES).map((index) => `section:nth-child(${index + 1}) > img`),
      );
      expect(result.scriptErrors.map((error) => [error.message, error.occurrences])).toEqual(
        slowestFirst.slice(0, MAX_REPORTED_ERRORS).map((index) => [`Uncaught Error: ошибка ${index}`, index + 1]),
      );
    }
  });

  it("tells a hotfix begun in the same hour as the release it fixes as the newer, whatever their names", async () => {
    const MINUTE = 60_000;
    const hour = Math.floor((NOW - HOUR) / HOUR) * HOUR;
    // "zeta" went out at five past, "alpha" fixed it at twenty to; both served until the hour's end.
    await insert(
      store(sampleBeacon({ release: "zeta", vitals: { LCP: 3000 } }), hour + 5 * MINUTE),
      store(sampleBeacon({ release: "zeta", vitals: { LCP: 3200 } }), hour + 50 * MINUTE),
      store(sampleBeacon({ release: "alpha", vitals: { LCP: 1500 } }), hour + 40 * MINUTE),
      store(sampleBeacon({ release: "alpha", vitals: { LCP: 1600 } }), hour + 55 * MINUTE),
    );
    for (const result of await bothReads(findReportPeriod("24h")!)) {
      expect(result.releases).toEqual([
        { release: "zeta", firstSeen: hour + 5 * MINUTE, pageViews: 2 },
        { release: "alpha", firstSeen: hour + 40 * MINUTE, pageViews: 2 },
      ]);
      expect(result.releaseComparison).toMatchObject({ release: "alpha", against: "zeta" });
    }
  });

  it("skips a stored beacon it cannot read instead of failing the page", async () => {
    await insert({ ...store(sampleBeacon(), NOW - HOUR), metrics: "{broken" }, store(sampleBeacon(), NOW - HOUR));
    expect((await report()).pageViews).toBe(1);
  });

  it("puts in-app navigations beside full loads: how many, and their own time from the click to the content painted", async () => {
    await insert(
      store(sampleBeacon({ pageName: "sellerHubListings" }), NOW - 3 * HOUR),
      ...[300, 500, 700, 900].map((duration) =>
        store(
          sampleInAppBeacon({
            pageName: "sellerHubListings",
            inAppNavigation: { duration, dataRequest: duration / 2 },
          }),
          NOW - HOUR,
        ),
      ),
      store(
        sampleInAppBeacon({
          pageName: "sellerHubListings",
          kind: "resumed",
          inAppNavigation: undefined,
          vitals: { INP: 900 },
        }),
        NOW - HOUR,
      ),
    );
    const listings = pageOf(await report(), "sellerHubListings");
    expect(listings).toMatchObject({
      pageViews: 5,
      fullLoads: 1,
      inAppNavigations: 4,
      inAppDurationP75: summedNear(700),
      dataRequestP75: summedNear(350),
    });
    expect(listings?.vitals.find((summary) => summary.name === "INP")?.samples).toBe(6);
  });

  it("tells where the server's time went, each part at its own 75th percentile: full loads' documents and in-app navigations' data", async () => {
    const navigation = sampleBeacon().navigation!;
    await insert(
      ...[10, 20, 30, 40].map((db) =>
        store(
          sampleBeacon({
            pageName: "sellerHubListings",
            navigation: { ...navigation, server: { db, loaders: db + 5, render: 8, total: db + 20 } },
          }),
          NOW - HOUR,
        ),
      ),
      // A full load from before the server told its timing counts as a page view, not as a sample.
      store(sampleBeacon({ pageName: "sellerHubListings" }), NOW - HOUR),
      ...[4, 6].map((db) =>
        store(
          sampleInAppBeacon({
            pageName: "sellerHubListings",
            inAppNavigation: { duration: 300, dataRequest: 100, server: { db, loaders: db + 1, total: db + 2 } },
          }),
          NOW - HOUR,
        ),
      ),
      store(sampleBeacon({ pageName: "sellerHubOverview" }), NOW - HOUR),
    );
    const result = await report();
    expect(pageOf(result, "sellerHubListings")?.server).toEqual({
      fullLoads: {
        samples: 4,
        p75: { db: summedNear(30), loaders: summedNear(35), render: summedNear(8), total: summedNear(50) },
      },
      inApp: { samples: 2, p75: { db: summedNear(6), loaders: summedNear(7), total: summedNear(8) } },
    });
    expect(pageOf(result, "sellerHubOverview")?.server).toEqual({ fullLoads: null, inApp: null });
  });

  it("tells what each page's LCP and INP were made of, and the script most often behind an INP's target", async () => {
    const parts = (ttfb: number, renderDelay: number) => ({ ttfb, loadDelay: 0, loadTime: 100, renderDelay });
    await insert(
      ...[
        [80, 400, "/assets/listings.js applyFilters"],
        [90, 600, "/assets/listings.js applyFilters"],
        [100, 800, "/assets/shell.js onClick"],
        [110, 1000, undefined],
      ].map(([ttfb, renderDelay, inpScript]) =>
        store(
          sampleBeacon({
            pageName: "sellerHubListings",
            vitals: { LCP: 1500, INP: 400 },
            attribution: {
              lcpElement: "main>h1",
              lcpParts: parts(ttfb as number, renderDelay as number),
              inpTarget: "button#apply",
              inpPhases: { inputDelay: 10, processing: (renderDelay as number) / 2, presentation: 30 },
              ...(inpScript && { inpScript: inpScript as string }),
            },
          }),
          NOW - HOUR,
        ),
      ),
      store(sampleBeacon({ pageName: "sellerHubOverview" }), NOW - HOUR),
    );
    const result = await report();
    expect(pageOf(result, "sellerHubListings")?.vitalParts).toEqual({
      LCP: {
        samples: 4,
        p75: { ttfb: summedNear(100), loadDelay: 0, loadTime: summedNear(100), renderDelay: summedNear(800) },
      },
      INP: {
        samples: 4,
        p75: { inputDelay: summedNear(10), processing: summedNear(400), presentation: summedNear(30) },
      },
    });
    expect(pageOf(result, "sellerHubOverview")?.vitalParts).toEqual({ LCP: null, INP: null });
    expect(result.fixes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ vital: "INP", element: "button#apply", script: "/assets/listings.js applyFilters" }),
        expect.objectContaining({ vital: "LCP", element: "main>h1", script: null }),
      ]),
    );
  });

  it("describes one segment: a device class from the viewport, a connection type", async () => {
    // Yesterday evening: in the 24 hours, and in a closed day of the week, read from the days' sums.
    await insert(
      store(sampleBeacon({ device: { viewportWidth: 390, connection: "3g" }, vitals: { LCP: 4100 } }), NOW - 20 * HOUR),
      store(sampleBeacon({ device: { viewportWidth: 800, connection: "4g" }, vitals: { LCP: 2000 } }), NOW - 20 * HOUR),
      store(
        sampleBeacon({ device: { viewportWidth: 1440, connection: "4g" }, vitals: { LCP: 1000 } }),
        NOW - 20 * HOUR,
      ),
      store(sampleBeacon({ vitals: { LCP: 1500 } }), NOW - 20 * HOUR),
    );
    expect((await report()).pageViews).toBe(4);
    expect(vital(await report({ device: "phone" }), "sellerHubOverview", "LCP")).toMatchObject({
      samples: 1,
      p75: summedNear(4100),
    });
    expect(vital(await report({ device: "tablet" }), "sellerHubOverview", "LCP")).toMatchObject({
      samples: 1,
      p75: summedNear(2000),
    });
    expect(vital(await report({ device: "desktop", connection: "4g" }), "sellerHubOverview", "LCP")).toMatchObject({
      samples: 1,
      p75: summedNear(1000),
    });
    expect((await report({ connection: "4g" })).pageViews).toBe(2);
    // The 24 hours, read from the hours' summaries, filter the same way.
    const LAST_DAY = findReportPeriod("24h")!;
    for (const [segment, samples, lcp] of [
      [{ device: "phone" }, 1, 4100],
      [{ device: "desktop", connection: "4g" }, 1, 1000],
      [{ connection: "4g" }, 2, 2000],
      [{}, 4, 2000],
    ] as const)
      for (const read of await bothReads(LAST_DAY, segment)) {
        expect(vital(read, "sellerHubOverview", "LCP")?.samples).toBe(samples);
        expectWithin(vital(read, "sellerHubOverview", "LCP")?.p75, lcp);
      }
  });

  it("reads a view of no segment from the hours' sums over every segment, begun at the account's first view, and older hours from their segments", async () => {
    const LAST_DAY = findReportPeriod("24h")!;
    const day = (segment: Segment = {}) => buildSiteSpeedReport(database, sellerId, LAST_DAY, segment, NOW);
    await insert(
      store(sampleBeacon({ device: { viewportWidth: 390, connection: "3g" } }), NOW - 20 * HOUR),
      store(sampleBeacon({ device: { viewportWidth: 1440, connection: "4g" } }), NOW - 2 * HOUR),
    );
    await sumNewBeacons(database);
    expect((await day()).pageViews).toBe(2);
    // Without the segments' own summaries a view of no segment still counts both, from the sums; a segment, neither.
    await database.db.deleteFrom("speed_summary_hour").where("device", "<>", EVERY_SEGMENT).execute();
    expect((await day()).pageViews).toBe(2);
    expect((await day({ device: "phone" })).pageViews).toBe(0);
    // Hours before the account's sums began are read from their segments' summaries (gone here), the rest from the sums.
    await database.db
      .updateTable("speed_hours_over_segments")
      .set({ since: Math.floor((NOW - 10 * HOUR) / HOUR) * HOUR })
      .where("seller_id", "=", sellerId)
      .execute();
    expect((await day()).pageViews).toBe(1);
  });

  it("sets each page's vitals against the period before", async () => {
    await insert(
      store(sampleBeacon({ vitals: { LCP: 1800 } }), NOW - HOUR),
      store(sampleBeacon({ vitals: { LCP: 2600 } }), NOW - 10 * 24 * HOUR),
      store(sampleBeacon({ vitals: { LCP: 9000 } }), NOW - 20 * 24 * HOUR),
    );
    expect(vital(await report(), "sellerHubOverview", "LCP")).toMatchObject({
      p75: summedNear(1800),
      previousP75: summedNear(2600),
    });
    expect(vital(await report(), "sellerHubOverview", "INP")).toMatchObject({ previousP75: null });
  });

  it("flags a page that got slower this week than the week before, on any period, in the segment", async () => {
    const phone = { viewportWidth: 390 };
    const listings = (lcp: number, receivedAt: number, device?: { viewportWidth: number }) =>
      store(sampleBeacon({ pageName: "sellerHubListings", vitals: { LCP: lcp }, device }), receivedAt);
    await insert(
      // The week before: 40 page views at 1.2–2.0 s; this week 40 at 2.4–3.2 s, all on phones.
      ...Array.from({ length: 40 }, (_, index) =>
        listings(1200 + 20 * index, WEEK_BEFORE_BEGAN_IN_UTC + 5 * HOUR, phone),
      ),
      ...Array.from({ length: 40 }, (_, index) => listings(2400 + 20 * index, NOW - 2 * HOUR, phone)),
      // The overview, as fast as ever.
      ...Array.from({ length: 40 }, () => store(sampleBeacon(), NOW - 9 * 24 * HOUR)),
      ...Array.from({ length: 40 }, () => store(sampleBeacon(), NOW - 2 * HOUR)),
    );
    const flagged = [
      {
        pageName: "sellerHubListings",
        vital: "LCP",
        previousP75: summedNear(1780),
        p75: summedNear(2980),
        samples: 40,
        previousSamples: 40,
      },
    ];
    expect((await report()).regressions).toEqual(flagged);
    // The last 24 hours' dashboard reads the two weeks' sums on its own, in the segment and the
    // reader's zone; the 30 days' hold them.
    const day = await buildSiteSpeedReport(database, sellerId, findReportPeriod("24h")!, {}, NOW);
    expect(day.regressions).toEqual(flagged);
    const month = await buildSiteSpeedReport(database, sellerId, findReportPeriod("30d")!, {}, NOW);
    expect(month.regressions).toEqual(flagged);
    const lastDay = (segment: Segment, timeZone: string) =>
      buildSiteSpeedReport(database, sellerId, findReportPeriod("24h")!, segment, NOW, timeZone);
    expect((await lastDay({ device: "desktop" }, "UTC")).regressions).toEqual([]);
    // The week before's page views came at 05:00 UTC on the 9th: in Los Angeles still the 8th,
    // a day before its week before began.
    expect((await lastDay({}, "America/Los_Angeles")).regressions).toEqual([]);
    expect((await report({ device: "phone" })).regressions).toEqual(flagged);
    expect((await report({ device: "desktop" })).regressions).toEqual([]);
    // Another seller's dashboard says nothing of it; the operators' report reads every seller's.
    const other = await buildSiteSpeedReport(database, otherSellerId, LAST_WEEK, {}, NOW);
    expect(other.regressions).toEqual([]);
    expect(await findWeekRegressions(database.db, "everyone", {}, NOW)).toMatchObject({
      since: Date.UTC(2026, 10, 16),
      until: Date.UTC(2026, 10, 23),
      regressions: flagged,
    });
    // The dashboard and the operators' report judge the sums: with the raw beacons gone, every
    // period still flags it, and so does the report.
    await database.db.deleteFrom("speed_beacon").execute();
    for (const key of ["24h", "7d", "30d"])
      expect((await buildSiteSpeedReport(database, sellerId, findReportPeriod(key)!, {}, NOW)).regressions).toEqual(
        flagged,
      );
    expect((await findWeekRegressions(database.db, "everyone", {}, NOW)).regressions).toEqual(flagged);
  });

  it("sets weeks against each other by when their page views began: one left just after midnight is the week before's", async () => {
    const listings = (lcp: number, receivedAt: number, ageMs?: number) =>
      store(sampleBeacon({ pageName: "sellerHubListings", vitals: { LCP: lcp }, ageMs }), receivedAt);
    const thisWeekBegan = Date.UTC(2026, 10, 16);
    await insert(
      // Loaded at 23:50 on the 15th, left at 00:05: the week before's, at 1.2–2.0 s.
      ...Array.from({ length: 40 }, (_, index) => listings(1200 + 20 * index, thisWeekBegan + 5 * 60_000, 15 * 60_000)),
      ...Array.from({ length: 40 }, (_, index) => listings(2400 + 20 * index, NOW - 2 * HOUR)),
    );
    await sumNewBeacons(database);
    expect(await findWeekRegressions(database.db, "everyone", {}, NOW)).toMatchObject({
      since: thisWeekBegan,
      regressions: [
        {
          pageName: "sellerHubListings",
          vital: "LCP",
          previousP75: summedNear(1780),
          p75: summedNear(2980),
          samples: 40,
        },
      ],
    });
  });

  it("judges the same two weeks on every period, across summer time's end in the reader's zone", async () => {
    // The week to the 5th of November in Los Angeles spans summer time's end (169 hours), so the
    // week before begins at 23:00 on the 22nd of October: the 30 days, cut at midnights, read it
    // apart rather than take its days from their own.
    const now = Date.UTC(2026, 10, 6, 1);
    const listings = (lcp: number, receivedAt: number) =>
      store(sampleBeacon({ pageName: "sellerHubListings", vitals: { LCP: lcp } }), receivedAt);
    await insert(
      // 23:30 on the 22nd in Los Angeles (06:30 UTC on the 23rd): the week before's first hour.
      ...Array.from({ length: 40 }, (_, index) => listings(1200 + 20 * index, Date.UTC(2026, 9, 23, 6, 30))),
      ...Array.from({ length: 40 }, (_, index) => listings(2400 + 20 * index, Date.UTC(2026, 10, 4, 18))),
    );
    const regressionsOf = async (key: string) =>
      (await buildSiteSpeedReport(database, sellerId, findReportPeriod(key)!, {}, now, "America/Los_Angeles"))
        .regressions;
    const flagged = [{ pageName: "sellerHubListings", vital: "LCP", samples: 40, previousSamples: 40 }];
    expect(await regressionsOf("7d")).toMatchObject(flagged);
    expect(await regressionsOf("30d")).toMatchObject(flagged);
    expect(await regressionsOf("24h")).toMatchObject(flagged);
  });

  it("judges the week on the 24 hours from their own hours and the days before, on the 25 hours summer time ends with", async () => {
    // Summer time ends in Los Angeles on the 1st of November: the day runs from 07:00 UTC on the
    // 1st to 08:00 UTC on the 2nd. At 07:30 on the 2nd the 24 hours begin at 08:00 on the 1st,
    // an hour after the day: the week takes that first hour from its own read.
    const now = Date.UTC(2026, 10, 2, 7, 30);
    const listings = (lcp: number, receivedAt: number) =>
      store(sampleBeacon({ pageName: "sellerHubListings", vitals: { LCP: lcp } }), receivedAt);
    await insert(
      ...Array.from({ length: 40 }, (_, index) => listings(1200 + 20 * index, Date.UTC(2026, 9, 22, 18))),
      // This week's: 20 in the day's first hour, 20 in the 24 hours, 20 of them on a closed day.
      ...Array.from({ length: 20 }, (_, index) => listings(2400 + 40 * index, Date.UTC(2026, 10, 1, 7, 30))),
      ...Array.from({ length: 20 }, (_, index) => listings(2420 + 40 * index, Date.UTC(2026, 10, 2, 6))),
      ...Array.from({ length: 20 }, (_, index) => listings(2400 + 40 * index, Date.UTC(2026, 9, 29, 18))),
    );
    const regressionsOf = async (key: string) =>
      (await buildSiteSpeedReport(database, sellerId, findReportPeriod(key)!, {}, now, "America/Los_Angeles"))
        .regressions;
    const flagged = [{ pageName: "sellerHubListings", vital: "LCP", samples: 60, previousSamples: 40 }];
    expect(await regressionsOf("7d")).toMatchObject(flagged);
    expect(await regressionsOf("24h")).toMatchObject(flagged);
    expect(await regressionsOf("24h")).toEqual(await regressionsOf("7d"));
  });

  it("judges regressions from the weeks summed while a backlog waits, and says the backlog is not counted", async () => {
    const day = 24 * HOUR;
    // Summed: the week before at 1.5 s, this week at 3 s. Queued behind them, a backlog of page
    // views at 1.5 s, which the flag does not wait for.
    await insert(
      ...Array.from({ length: 40 }, () => store(sampleBeacon({ vitals: { LCP: 1500 } }), NOW - 9 * day)),
      ...Array.from({ length: 40 }, () => store(sampleBeacon({ vitals: { LCP: 3000 } }), NOW - 3 * day)),
    );
    await sumNewBeacons(database);
    const backlog = Array.from({ length: 10_001 }, () => store(sampleBeacon({ vitals: { LCP: 1500 } }), NOW - HOUR));
    for (let start = 0; start < backlog.length; start += 1000) await insert(...backlog.slice(start, start + 1000));
    const flagged = [
      {
        pageName: "sellerHubOverview",
        vital: "LCP",
        previousP75: summedNear(1500),
        p75: summedNear(3000),
        samples: 40,
      },
    ];
    for (const key of ["24h", "7d"]) {
      const result = await buildSiteSpeedReport(database, sellerId, findReportPeriod(key)!, {}, NOW);
      expect(result).toMatchObject({ stillSumming: true });
      expect(result.regressions).toMatchObject(flagged);
    }
  });

  it("tells the period's releases, when each began, and compares the newest with the one before", async () => {
    const day = 24 * HOUR;
    const page = (release: string | undefined, lcp: number, receivedAt: number, pageName = "sellerHubOverview") =>
      store(sampleBeacon({ pageName, release, vitals: { LCP: lcp, INP: 120 } }), receivedAt);
    await insert(
      // "a1" began in the week before and went on into this one; "b2" began 3 days ago, "c3" yesterday.
      page("a1", 1000, NOW - 9 * day),
      page("a1", 1200, NOW - 5 * day),
      page("a1", 1400, NOW - 5 * day, "sellerHubActiveListings"),
      page("b2", 1800, NOW - 3 * day),
      page("b2", 2000, NOW - 3 * day),
      page("c3", 2600, NOW - day),
      page("c3", 2400, NOW - day),
      page("c3", 3000, NOW - day, "sellerHubActiveListings"),
      // From before releases were told (or the product summary's frame): no release.
      page(undefined, 900, NOW - day),
    );
    const result = await report();
    expect(result.releases).toEqual([
      { release: "a1", firstSeen: NOW - 9 * day, pageViews: 2 },
      { release: "b2", firstSeen: NOW - 3 * day, pageViews: 2 },
      { release: "c3", firstSeen: NOW - day, pageViews: 3 },
    ]);
    // The newest against the one before it: the overview alone was measured under both.
    expect(result.releaseComparison).toEqual({
      release: "c3",
      against: "b2",
      pages: [
        {
          pageName: "sellerHubOverview",
          vitals: [
            { name: "LCP", p75: summedNear(2600), samples: 2, againstP75: summedNear(2000), againstSamples: 2 },
            { name: "INP", p75: summedNear(120), samples: 2, againstP75: summedNear(120), againstSamples: 2 },
          ],
        },
      ],
    });
    // Any two of the period's, as asked.
    const asked = await report({}, NOW, { releases: { release: "c3", against: "a1" } });
    expect(asked.releaseComparison?.pages.map((one) => one.pageName)).toEqual([
      "sellerHubActiveListings",
      "sellerHubOverview",
    ]);
    expect(asked.releaseComparison?.pages[0]?.vitals[0]).toEqual({
      name: "LCP",
      p75: summedNear(3000),
      samples: 1,
      againstP75: summedNear(1400),
      againstSamples: 1,
    });
    // One the period did not measure compares with nothing; one release alone, with nothing either.
    const unknown = await report({}, NOW, { releases: { release: "c3", against: "zz" } });
    expect(unknown.releaseComparison).toBeNull();
    await forgetPageViews(database.db);
    await insert(page("c3", 2600, NOW - day));
    expect(await report()).toMatchObject({ releases: [{ release: "c3" }], releaseComparison: null });
    // Two that began at the same moment: the one still serving later is the newer, whatever its name.
    // (Stored before the view that sums their day: a day is summed once, when it has closed.)
    await forgetPageViews(database.db);
    await insert(page("c3", 2600, NOW - day), page("a0", 2000, NOW - day), page("a0", 2100, NOW - HOUR));
    const tied = await report();
    expect(tied.releases).toEqual([
      { release: "c3", firstSeen: NOW - day, pageViews: 1 },
      { release: "a0", firstSeen: NOW - day, pageViews: 2 },
    ]);
    expect(tied.releaseComparison).toMatchObject({ release: "a0", against: "c3" });
  });

  it("says what to fix: the LCP elements and INP targets, furthest past good first", async () => {
    await insert(
      store(
        sampleBeacon({
          vitals: { LCP: 3000, INP: 600 },
          attribution: { lcpElement: "main>h1", inpTarget: "button#refilter" },
        }),
        NOW - HOUR,
      ),
      store(sampleBeacon({ vitals: { LCP: 2000 }, attribution: { lcpElement: "main>h1" } }), NOW - HOUR),
      store(
        sampleInAppBeacon({
          pageName: "sellerHubListings",
          vitals: { LCP: 900 },
          attribution: { lcpElement: "table.listings-table" },
        }),
        NOW - HOUR,
      ),
    );
    expect((await report()).fixes).toEqual([
      {
        pageName: "sellerHubOverview",
        vital: "INP",
        element: "button#refilter",
        pageViews: 1,
        p75: summedNear(600),
        script: null,
      },
      {
        pageName: "sellerHubOverview",
        vital: "LCP",
        element: "main>h1",
        pageViews: 2,
        p75: summedNear(3000),
        script: null,
      },
      {
        pageName: "sellerHubListings",
        vital: "LCP",
        element: "table.listings-table",
        pageViews: 1,
        p75: summedNear(900),
        script: null,
      },
    ]);
  });

  it("counts the seller's tracking events of the period per page and action from their hours, most frequent first", async () => {
    const { since, until } = periodWindow(LAST_WEEK, NOW);
    const thisHour = NOW - (NOW % HOUR);
    const hour = (page_name: string, action: string, events: number, hour_start: number, seller_id = sellerId) => ({
      seller_id,
      hour_start,
      page_name,
      action,
      events,
    });
    await database.db
      .insertInto("tracking_hour")
      .values([
        hour("sellerHubOverview", "bulkPriceTry", 2, until - HOUR),
        hour("sellerHubOverview", "bulkPriceTry", 1, since),
        hour("sellerHubProductSummary", "openProductInsights", 4, thisHour),
        hour("sellerHubOverview", "taxHelp", 1, thisHour - 5 * HOUR),
        hour("sellerHubOverview", "taxHelp", 9, thisHour - 5 * HOUR, otherSellerId),
        // Just outside the period, either side.
        hour("sellerHubOverview", "taxHelp", 9, since - HOUR),
        hour("sellerHubOverview", "taxHelp", 9, until),
      ])
      .execute();
    expect((await report()).tracking).toEqual([
      { pageName: "sellerHubProductSummary", action: "openProductInsights", events: 4 },
      { pageName: "sellerHubOverview", action: "bulkPriceTry", events: 3 },
      { pageName: "sellerHubOverview", action: "taxHelp", events: 1 },
    ]);
  });
});

describe.each(TEST_DIALECTS)("migration 0036 on $name", (dialect) => {
  it("counts the tracking events kept before it into their accounts' hours, which the dashboard then reads", async () => {
    const database = await dialect.open("0035-speed-hours-over-segments");
    try {
      const sellerId = await insertSeller(database.db, "tracked-before");
      const event = (action: string, count: number, received_at: number, seller_id: number | null = sellerId) => ({
        page_name: "sellerHubOverview",
        action,
        count,
        seller_id,
        page_view: testId(),
        received_at,
      });
      await database.db
        .insertInto("tracking_event")
        .values([
          event("bulkPriceTry", 2, NOW - HOUR),
          event("bulkPriceTry", 3, NOW - HOUR + 59 * 60_000),
          event("bulkPriceTry", 1, NOW - 2 * HOUR),
          event("taxHelp", 5, NOW - HOUR),
          event("taxHelp", 7, NOW - HOUR, null),
        ])
        .execute();
      await migrate(database);
      const hourOf = (at: number) => at - (at % HOUR);
      const hours = await database.db
        .selectFrom("tracking_hour")
        .selectAll()
        .orderBy(["hour_start", "action"])
        .execute();
      expect(hours.map((row) => [Number(row.hour_start), row.action, Number(row.events)])).toEqual([
        [hourOf(NOW - 2 * HOUR), "bulkPriceTry", 1],
        [hourOf(NOW - HOUR), "bulkPriceTry", 2],
        [hourOf(NOW - HOUR), "taxHelp", 5],
        [hourOf(NOW - HOUR) + HOUR, "bulkPriceTry", 3],
      ]);
      expect(await countTracking(database.db, sellerId, NOW - 24 * HOUR, NOW + HOUR)).toEqual([
        { pageName: "sellerHubOverview", action: "bulkPriceTry", events: 6 },
        { pageName: "sellerHubOverview", action: "taxHelp", events: 5 },
      ]);
    } finally {
      await database.close();
    }
  });
});
