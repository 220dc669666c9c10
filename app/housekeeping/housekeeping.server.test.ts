import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "~/db/database.server";
import { insertSeller } from "../../test/listings";
import { beaconRequest, sampleBeacon, storeBeacons } from "../../test/speed-beacons";
import { collectSpeedBeacon } from "~/site-speed/collect-beacon.server";
import { readStoredFigures } from "~/site-speed/page-view-figures";
import { findReportPeriod } from "~/site-speed/report-periods";
import { buildSiteSpeedReport } from "~/site-speed/site-speed-report.server";
import { sumNewBeacons } from "~/site-speed/sum-beacons.server";
import { startHousekeeping } from "./housekeeping.server";

const DAY = 86_400_000;

describe("housekeeping in a serving process", () => {
  let database: Database;
  afterEach(() => vi.restoreAllMocks());

  async function withExpiredSession(): Promise<void> {
    database = await openDatabase("sqlite::memory:");
    const seller = await insertSeller(database.db, "keeper");
    await database.db
      .insertInto("session")
      .values({
        id: "expired",
        seller_id: seller,
        srt: "t",
        created_at: 0,
        expires_at: Date.now() - DAY,
        last_seen_at: Date.now() - DAY,
      })
      .execute();
  }
  const sessions = async () => (await database.db.selectFrom("session").select("id").execute()).length;

  it("deletes expired records as it starts, says so, and lets the database close once its sweep is done", async () => {
    await withExpiredSession();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    await startHousekeeping(database, 90).stop();
    expect(await sessions()).toBe(0);
    expect(log).toHaveBeenCalledWith(
      "Deleted expired records: 1 sessions, 0 sign-in failures, 0 speed beacons, 0 site-speed summaries of an hour, 0 tracking events, 0 hours of tracking counted, 0 selected listings of ended sessions, 0 price previews never applied, 0 browsers no longer known, 0 activity entries older than a year.",
    );
    await database.close();
  });

  it("sweeps again every period", async () => {
    await withExpiredSession();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const housekeeping = startHousekeeping(database, 90, { sweepEveryMs: 60_000 });
      await vi.waitFor(async () => expect(await sessions()).toBe(0), { interval: 5 });
      await database.db
        .insertInto("session")
        .values({
          id: "expired-later",
          seller_id: 1,
          srt: "t",
          created_at: 0,
          expires_at: Date.now() - 1,
          last_seen_at: 0,
        })
        .execute();
      vi.advanceTimersByTime(60_000);
      await vi.waitFor(async () => expect(await sessions()).toBe(0), { interval: 5 });
      await housekeeping.stop();
    } finally {
      vi.useRealTimers();
      await database.close();
    }
  });

  it("sums new site-speed beacons as it starts and every minute after", async () => {
    await withExpiredSession();
    vi.spyOn(console, "log").mockImplementation(() => {});
    const collect = () => collectSpeedBeacon(database.db, beaconRequest(sampleBeacon()), "192.0.2.10");
    const pageViews = async () =>
      (await database.db.selectFrom("speed_summary_hour").select("figures").execute())
        .map((row) => readStoredFigures(row.figures, 0).counts.get("pageViews") ?? 0)
        .reduce((sum, count) => sum + count, 0);
    await collect();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const housekeeping = startHousekeeping(database, 90);
      await vi.waitFor(async () => expect(await pageViews()).toBe(1), { interval: 5, timeout: 10_000 });
      await collect();
      vi.advanceTimersByTime(60_000);
      await vi.waitFor(async () => expect(await pageViews()).toBe(2), { interval: 5, timeout: 10_000 });
      await housekeeping.stop();
    } finally {
      vi.useRealTimers();
      await database.close();
    }
  });

  it("keeps summing the closed days of site speed a view has read into days' summaries, as it starts and every ten minutes after", async () => {
    await withExpiredSession();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const [keeper] = await database.db.selectFrom("seller").select("id").execute();
    const summedDays = async () =>
      (await database.db.selectFrom("speed_summary_day_built").select("day_start").execute()).length;
    // A page view of three days ago, summed into its hour: its day is closed.
    const { pageName, speedSession, ...metrics } = sampleBeacon();
    await storeBeacons(database.db, [
      {
        page_name: pageName,
        speed_session: speedSession,
        seller_id: keeper!.id,
        received_at: Date.now() - 3 * DAY,
        metrics: JSON.stringify(metrics),
      },
    ]);
    await sumNewBeacons(database);
    // The owner read the week in Los Angeles (the US site's zone) four days ago: its days were summed then.
    await buildSiteSpeedReport(
      database,
      keeper!.id,
      findReportPeriod("7d")!,
      {},
      Date.now() - 4 * DAY,
      "America/Los_Angeles",
    );
    const readThen = await summedDays();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const housekeeping = startHousekeeping(database, 90);
      const said = (days: string) =>
        expect.stringMatching(new RegExp(`^Summed ${days} closed days? of site speed into days' summaries\\.$`));
      await vi.waitFor(() => expect(log).toHaveBeenCalledWith(said("\\d+")), { interval: 5, timeout: 10_000 });
      // The days that closed since that view, some four, the page view's among them.
      const first = await summedDays();
      expect(first - readThen).toBeGreaterThanOrEqual(3);
      expect(first - readThen).toBeLessThanOrEqual(5);
      expect(log).toHaveBeenCalledWith(said(String(first - readThen)));
      const dayOfThePageView = await database.db
        .selectFrom("speed_summary_day")
        .select("figures")
        .where("time_zone", "=", "America/Los_Angeles")
        .where("device", "=", "*")
        .where("connection", "=", "*")
        .execute();
      expect(dayOfThePageView.map((row) => readStoredFigures(row.figures, 0).counts.get("pageViews"))).toEqual([1]);

      // Ten minutes on, the next run sums what has closed since: here the last day, its record deleted.
      const { latest } = await database.db
        .selectFrom("speed_summary_day_built")
        .select((eb) => eb.fn.max("day_start").as("latest"))
        .executeTakeFirstOrThrow();
      await database.db.deleteFrom("speed_summary_day_built").where("day_start", "=", latest).execute();
      log.mockClear();
      vi.advanceTimersByTime(10 * 60_000);
      await vi.waitFor(() => expect(log).toHaveBeenCalledWith(said("1")), { interval: 5, timeout: 10_000 });
      await housekeeping.stop();
      expect(await summedDays()).toBe(first);
    } finally {
      vi.useRealTimers();
      await database.close();
    }
  });

  it("logs a failed run and goes on, rather than failing the process", async () => {
    await withExpiredSession();
    await database.close();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await startHousekeeping(database, 90).stop();
    expect(error).toHaveBeenCalledWith(
      "Deleting expired records failed; trying again in 60 minutes:",
      expect.any(String),
    );
    expect(error).toHaveBeenCalledWith(
      "Summing site-speed beacons failed; trying again in a minute:",
      expect.any(String),
    );
    expect(error).toHaveBeenCalledWith(
      "Summing site-speed days failed; trying again in 10 minutes:",
      expect.any(String),
    );
  });
});
