import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/db/database.server";
import { insertSeller } from "../test/listings";
import { startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process";

describe("housekeeping while serving", () => {
  let hub: ServerProcess | undefined;
  afterAll(() => hub?.stop());

  it("deletes expired sessions once the hub has started, and says so", async () => {
    const url = temporarySqliteUrl();
    const database = await openDatabase(url);
    const seller = await insertSeller(database.db, "returning");
    await database.db
      .insertInto("session")
      .values({
        id: "expired",
        seller_id: seller,
        srt: "t",
        created_at: 0,
        expires_at: Date.now() - 1,
        last_seen_at: 0,
      })
      .execute();
    await database.close();

    hub = await startServerProcess(url);
    await vi.waitFor(
      () =>
        expect(hub?.output()).toContain(
          "Deleted expired records: 1 sessions, 0 sign-in failures, 0 speed beacons, 0 site-speed summaries of an hour, 0 tracking events, 0 hours of tracking counted, 0 selected listings of ended sessions, 0 price previews never applied, 0 browsers no longer known, 0 activity entries older than a year.",
        ),
      { timeout: 20_000, interval: 100 },
    );
    const reopened = await openDatabase(url);
    expect(await reopened.db.selectFrom("session").select("id").execute()).toEqual([]);
    await reopened.close();
  }, 60_000);

  it("refuses a speed-beacon retention shorter than a day, before serving", async () => {
    const refusal = await startServerProcess(temporarySqliteUrl(), {
      SPEED_BEACON_RETENTION_DAYS: "0",
      WEB_CONCURRENCY: "2",
    }).then(
      (started) => started.stop().then(() => "it started"),
      (error: Error) => error.message,
    );
    expect(refusal).toMatch(
      /exited \(1\)[\s\S]*SPEED_BEACON_RETENTION_DAYS must be a whole number of days, at least 1 /,
    );
  }, 60_000);
});
