import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller } from "../../test/listings";
import { summedNear } from "../../test/summed-percentiles";
import { forgetPageViews, sampleBeacon, storeBeacons } from "../../test/speed-beacons";
import { readStoredFigures } from "./page-view-figures";
import type { Database } from "~/db/database.server";
import type { SpeedBeacon } from "./beacon-schema";
import { findReportPeriod } from "./report-periods";
import { buildSiteSpeedReport, findWeekRegressions } from "./site-speed-report.server";
import { sumNewBeacons } from "./sum-beacons.server";
import { DAY_CLOSED_AFTER_MS, readDaysAndHours, sumClosedDays } from "./summed-days.server";
import type { HourSummary } from "./summed-report.server";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Sunday afternoon in UTC: the last 7 days are the 16th to the 22nd. */
const NOW = Date.UTC(2026, 10, 22, 14, 30);
const TODAY = Date.UTC(2026, 10, 22);
const LAST_WEEK = findReportPeriod("7d")!;

describe.each(TEST_DIALECTS)("the days' sums on $name", (dialect) => {
  let database: Database;
  let sellerId: number;

  const store = (beacon: SpeedBeacon, receivedAt: number) => {
    const { pageName, speedSession, ...metrics } = beacon;
    return storeBeacons(database.db, [
      {
        page_name: pageName,
        speed_session: speedSession,
        seller_id: sellerId,
        received_at: receivedAt,
        metrics: JSON.stringify(metrics),
      },
    ]);
  };
  const week = (now = NOW, timeZone = "UTC") => buildSiteSpeedReport(database, sellerId, LAST_WEEK, {}, now, timeZone);
  /** The days of a zone summed so far, as ISO dates of their starts. */
  const summedDays = async (timeZone = "UTC") =>
    (
      await database.db
        .selectFrom("speed_summary_day_built")
        .select("day_start")
        .where("seller_id", "=", sellerId)
        .where("time_zone", "=", timeZone)
        .orderBy("day_start")
        .execute()
    ).map((row) => new Date(Number(row.day_start)).toISOString());
  const pageViewsOf = (summaries: readonly HourSummary[]) =>
    summaries.reduce((sum, summary) => sum + (summary.figures.counts.get("pageViews") ?? 0), 0);

  beforeAll(async () => {
    database = await dialect.open();
    sellerId = await insertSeller(database.db, "days-seller");
  }, 60_000);
  afterAll(() => database.close());
  beforeEach(() => forgetPageViews(database.db));

  it("sums each closed day of the period and the one before once, reads it from then on, and reads today from the hours", async () => {
    await store(sampleBeacon({ vitals: { LCP: 1200 } }), TODAY - DAY + 9 * HOUR);
    await store(sampleBeacon({ vitals: { LCP: 1300 } }), TODAY - 10 * DAY);
    expect(await week()).toMatchObject({ stillSumming: false, pageViews: 1 });
    // The period's six days before today, and the period before's seven: not today, still open.
    const days = await summedDays();
    expect(days).toHaveLength(13);
    expect(days.at(0)).toBe("2026-11-09T00:00:00.000Z");
    expect(days.at(-1)).toBe("2026-11-21T00:00:00.000Z");

    // With yesterday's hours gone, the view reads yesterday from its day.
    await database.db.deleteFrom("speed_summary_hour").where("hour_start", "<", TODAY).execute();
    const again = await week();
    expect(again.pageViews).toBe(1);
    expect(again.pages[0]?.vitals.find((vital) => vital.name === "LCP")).toMatchObject({
      p75: summedNear(1200),
      previousP75: summedNear(1300),
    });
    // A page view just left shows at once: today is read from the hours.
    await store(sampleBeacon(), NOW - 60_000);
    expect((await week()).pageViews).toBe(2);
    expect(await summedDays()).toHaveLength(13);
  });

  it("sums, for housekeeping, the days that closed since in each zone a view has read and a member still reads in, and the hub's, and a view finds them", async () => {
    // The owner reads in Los Angeles, the US site's zone; a manager chose Berlin's; a member who
    // chose Honolulu's has been removed. A second account has page views, and no view of them.
    const member = (username: string, timeZone: string, removedAt: number | null = null) => ({
      seller_id: sellerId,
      username,
      display_name: username,
      password_hash: "not-a-hash",
      role: "manager" as const,
      language: null,
      time_zone: timeZone,
      appearance: null,
      created_at: NOW,
      removed_at: removedAt,
    });
    await database.db
      .insertInto("member")
      .values([member("days-berlin", "Europe/Berlin"), member("days-honolulu", "Pacific/Honolulu", NOW)])
      .execute();
    const quiet = await insertSeller(database.db, "days-quiet");
    const builtOf = (seller: number, timeZone: string) =>
      database.db
        .selectFrom("speed_summary_day_built")
        .select("day_start")
        .where("seller_id", "=", seller)
        .where("time_zone", "=", timeZone)
        .orderBy("day_start")
        .execute();
    try {
      // 09:00 UTC on the 21st: the 21st in every zone here.
      await store(sampleBeacon(), TODAY - DAY + 9 * HOUR);
      const { pageName, speedSession, ...metrics } = sampleBeacon();
      await storeBeacons(database.db, [
        {
          page_name: pageName,
          speed_session: speedSession,
          seller_id: quiet,
          received_at: TODAY - 2 * DAY,
          metrics: JSON.stringify(metrics),
        },
      ]);
      await sumNewBeacons(database);
      // Nothing has been read yet: nothing to keep summed.
      expect(await sumClosedDays(database.db, { now: NOW })).toBe(0);

      // Yesterday, the week was read in each zone, and the operators' report ran.
      for (const timeZone of ["America/Los_Angeles", "Europe/Berlin", "Pacific/Honolulu"])
        await week(NOW - DAY, timeZone);
      await findWeekRegressions(database.db, "everyone", {}, NOW - DAY);
      expect(await summedDays("America/Los_Angeles")).toHaveLength(13);

      // Today housekeeping sums the day that closed since, the 21st (today is not): in the zones
      // a member reads in, and the hub's. It leaves the days before the weeks to a view that reads them.
      expect(await sumClosedDays(database.db, { now: NOW })).toBe(3);
      for (const [timeZone, first, last] of [
        ["America/Los_Angeles", "2026-11-08T08:00:00.000Z", "2026-11-21T08:00:00.000Z"],
        ["Europe/Berlin", "2026-11-07T23:00:00.000Z", "2026-11-20T23:00:00.000Z"],
      ] as const) {
        const days = await summedDays(timeZone);
        expect(days).toHaveLength(14);
        expect([days.at(0), days.at(-1)]).toEqual([first, last]);
      }
      const hubDays = await builtOf(-1, "UTC");
      expect(hubDays).toHaveLength(14);
      expect(new Date(Number(hubDays.at(-1)?.day_start)).toISOString()).toBe("2026-11-21T00:00:00.000Z");
      expect(await summedDays("Pacific/Honolulu")).toHaveLength(13);
      expect(await builtOf(quiet, "America/Los_Angeles")).toEqual([]);

      // The owner's week, and the report, find their days summed and write none; housekeeping's
      // next run sums none either.
      const rowsOfDays = async () =>
        (await database.db.selectFrom("speed_summary_day").select("day_start").execute()).length;
      const before = await rowsOfDays();
      expect(await week(NOW, "America/Los_Angeles")).toMatchObject({ stillSumming: false, pageViews: 1 });
      await findWeekRegressions(database.db, "everyone", {}, NOW);
      expect(await rowsOfDays()).toBe(before);
      expect(await summedDays("America/Los_Angeles")).toHaveLength(14);
      expect(await sumClosedDays(database.db, { now: NOW })).toBe(0);
      // The hub's day holds every account's page views.
      const hubDay = await database.db
        .selectFrom("speed_summary_day")
        .select("figures")
        .where("seller_id", "=", -1)
        .where("device", "=", "*")
        .where("connection", "=", "*")
        .execute();
      expect(hubDay.map((row) => readStoredFigures(row.figures, 0).counts.get("pageViews"))).toEqual([1, 1]);
      // A process stopping sums no day more: asked before each zone it sums and each day, here it
      // says so after the first day. Two days later, three zones have two days each to sum.
      let asked = 0;
      expect(await sumClosedDays(database.db, { now: NOW + 2 * DAY, stopping: () => (asked += 1) > 2 })).toBe(1);
    } finally {
      await database.db.deleteFrom("member").where("username", "in", ["days-berlin", "days-honolulu"]).execute();
    }
  });

  it("keeps each zone's days apart: a Los Angeles reader's week is summed in its own days", async () => {
    // 07:00 UTC on the 21st is still the 20th in Los Angeles.
    await store(sampleBeacon(), Date.UTC(2026, 10, 21, 7));
    await week(NOW, "America/Los_Angeles");
    await week(NOW, "UTC");
    expect((await summedDays("America/Los_Angeles")).at(-1)).toBe("2026-11-21T08:00:00.000Z");
    expect((await summedDays("UTC")).at(-1)).toBe("2026-11-21T00:00:00.000Z");
    const trendStarts = async (timeZone: string) =>
      (
        await buildSiteSpeedReport(database, sellerId, LAST_WEEK, {}, NOW, timeZone, { page: sampleBeacon().pageName })
      ).charts?.vitals.LCP.trend
        .filter((point) => point.samples > 0)
        .map((point) => new Date(point.start).toISOString());
    expect(await trendStarts("America/Los_Angeles")).toEqual(["2026-11-20T08:00:00.000Z"]);
    expect(await trendStarts("UTC")).toEqual(["2026-11-21T00:00:00.000Z"]);
  });

  it(`leaves a day open until ${DAY_CLOSED_AFTER_MS / 60_000} minutes after it ended, and while a beacon that arrived before then waits to be summed`, async () => {
    // Left at 23:50 on the 21st, and not yet summed; stored after a page view of 01:00, as a
    // backfill may store them: the queue's least id is not its oldest beacon.
    await store(sampleBeacon(), TODAY + HOUR);
    await store(sampleBeacon(), TODAY - 10 * 60_000);
    const read = (now: number) => readDaysAndHours(database.db, sellerId, TODAY - 6 * DAY, TODAY + DAY, {}, "UTC", now);

    // Two hours after midnight the 21st has ended long enough, but the beacon is still queued: its
    // hour is read as it is, and the day is not summed without it.
    expect(pageViewsOf(await read(TODAY + 2 * HOUR))).toBe(0);
    expect((await summedDays()).at(-1)).toBe("2026-11-20T00:00:00.000Z");
    await sumNewBeacons(database);
    // Summed: at half past midnight the day is still open, read from its hours.
    expect(pageViewsOf(await read(TODAY + 30 * 60_000))).toBe(2);
    expect((await summedDays()).at(-1)).toBe("2026-11-20T00:00:00.000Z");
    // At two, it is closed: summed with its page view, and read as one day beside today's hour.
    const closed = await read(TODAY + 2 * HOUR);
    expect(pageViewsOf(closed)).toBe(2);
    expect((await summedDays()).at(-1)).toBe("2026-11-21T00:00:00.000Z");
    expect(closed.map((summary) => new Date(summary.hourStart).toISOString()).toSorted()).toEqual([
      "2026-11-21T00:00:00.000Z",
      "2026-11-22T01:00:00.000Z",
    ]);
  });

  it("keeps a closed day it has read in memory, and reads a day summed again afresh", async () => {
    await store(sampleBeacon({ vitals: { LCP: 1200 } }), TODAY - DAY + 9 * HOUR);
    await store(sampleBeacon({ vitals: { LCP: 4000 } }), TODAY - 2 * DAY + 9 * HOUR);
    const report = () =>
      buildSiteSpeedReport(database, sellerId, LAST_WEEK, {}, NOW, "UTC", { page: "sellerHubOverview" });
    const lcpByDay = async () =>
      Object.fromEntries(
        (await report()).charts?.vitals.LCP.trend
          .filter((point) => point.samples > 0)
          .map((point) => [new Date(point.start).toISOString().slice(0, 10), point.p75]) ?? [],
      );
    const first = await report();
    expect(await lcpByDay()).toEqual({ "2026-11-20": summedNear(4000), "2026-11-21": summedNear(1200) });

    // The 20th's figures written over the 21st's, by hand: a closed day does not change, so the
    // next view takes the 21st as it read it.
    const { figures: slower } = await database.db
      .selectFrom("speed_summary_day")
      .select("figures")
      .where("seller_id", "=", sellerId)
      .where("day_start", "=", TODAY - 2 * DAY)
      .where("device", "=", "*")
      .where("connection", "=", "*")
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable("speed_summary_day")
      .set({ figures: slower })
      .where("seller_id", "=", sellerId)
      .where("day_start", "=", TODAY - DAY)
      .execute();
    // Every figure as the first view had them, none counted twice.
    expect(await report()).toEqual(first);

    // The 21st deleted and summed again from hours now holding the 20th's page view: a new summing,
    // read afresh.
    const { figures: slowerHour } = await database.db
      .selectFrom("speed_summary_hour")
      .select("figures")
      .where("seller_id", "=", sellerId)
      .where("hour_start", "=", TODAY - 2 * DAY + 9 * HOUR)
      .where("device", "<>", "*")
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable("speed_summary_hour")
      .set({ figures: slowerHour })
      .where("seller_id", "=", sellerId)
      .where("hour_start", "=", TODAY - DAY + 9 * HOUR)
      .execute();
    await database.db
      .deleteFrom("speed_summary_day")
      .where("day_start", "=", TODAY - DAY)
      .execute();
    await database.db
      .deleteFrom("speed_summary_day_built")
      .where("day_start", "=", TODAY - DAY)
      .execute();
    expect(await lcpByDay()).toEqual({ "2026-11-20": summedNear(4000), "2026-11-21": summedNear(4000) });
  });

  it("sums a day once when two views ask for it at once", async () => {
    for (let index = 0; index < 6; index += 1)
      await store(
        sampleBeacon({ pageName: index % 2 ? "sellerHubOverview" : "sellerHubListings" }),
        NOW - (index + 1) * DAY,
      );
    // On PostgreSQL one view sums the queue while the others read the sums as they are (they do not
    // wait for it): none counts a page view twice, and the days summed hold every one.
    const reports = await Promise.all([week(), week(), week()]);
    for (const report of reports) expect(report.pageViews).toBeLessThanOrEqual(6);
    expect((await week()).pageViews).toBe(6);
    expect(await summedDays()).toHaveLength(13);
    // Each day's one segment, and its sums over every device class, every connection, and both.
    const rows = await database.db.selectFrom("speed_summary_day").select(["device", "connection"]).execute();
    expect(rows).toHaveLength(6 * 4);
    expect(rows.filter((row) => row.device === "*" && row.connection === "*")).toHaveLength(6);
  });
});
