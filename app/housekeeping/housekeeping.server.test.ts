import { afterEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "~/db/database.server";
import { insertSeller } from "../../test/listings";
import { beaconRequest, sampleBeacon } from "../../test/speed-beacons";
import { collectSpeedBeacon } from "~/site-speed/collect-beacon.server";
import { readStoredFigures } from "~/site-speed/page-view-figures";
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
      "Deleted expired records: 1 sessions, 0 sign-in failures, 0 speed beacons, 0 site-speed summaries of an hour, 0 tracking events, 0 selected listings of ended sessions, 0 price previews never applied, 0 browsers no longer known, 0 activity entries older than a year.",
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
  });
});
