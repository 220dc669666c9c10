import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertAccount, insertSeller } from "../../test/listings";
import { ACTIVITY_KEPT_MS, recordActivity } from "~/activity/activity.server";
import type { Database } from "~/db/database.server";
import { SESSION_IDLE_MS } from "~/auth/session.server";
import { SIGN_IN_LIMITS } from "~/auth/sign-in-limits.server";
import { INVITATIONS_COUNTED_MS } from "~/team/team.server";
import { RESENDS_WITHIN_MS } from "~/site-speed/beacon-rules";
import { oldestQueuedArrival } from "~/site-speed/sum-beacons.server";
import { deleteExpiredRecords, SPEED_SUMMARIES_KEPT_DAYS, TRACKING_EVENTS_KEPT_DAYS } from "./expired-records.server";

// The queue's oldest arrival as read, which a test may make stale: a beacon queued after the read.
vi.mock("~/site-speed/sum-beacons.server", async (original) => {
  const module = await original<typeof import("~/site-speed/sum-beacons.server")>();
  return { ...module, oldestQueuedArrival: vi.fn<typeof module.oldestQueuedArrival>(module.oldestQueuedArrival) };
});

const NOW = Date.UTC(2026, 10, 22, 12);
const DAY = 86_400_000;
const HOUR = 3_600_000;

describe.each(TEST_DIALECTS)("deleting expired records on $name", (dialect) => {
  let database: Database;
  let seller: number;

  const session = (id: string, expiresAt: number, lastSeenAt = NOW) => ({
    id,
    seller_id: seller,
    srt: "t",
    created_at: expiresAt - 30 * DAY,
    expires_at: expiresAt,
    last_seen_at: lastSeenAt,
  });
  const beacon = (receivedAt: number) => ({
    page_name: "sellerHubOverview",
    seller_id: seller,
    speed_session: "s",
    received_at: receivedAt,
    metrics: "{}",
  });
  const remaining = async () => ({
    sessions: (await database.db.selectFrom("session").select("id").orderBy("id").execute()).map((row) => row.id),
    failures: (await database.db.selectFrom("sign_in_failure").select("account").orderBy("account").execute()).map(
      (row) => row.account,
    ),
    beacons: (await database.db.selectFrom("speed_beacon").select("received_at").orderBy("received_at").execute()).map(
      (row) => row.received_at,
    ),
    trackingEvents: (
      await database.db.selectFrom("tracking_event").select("received_at").orderBy("received_at").execute()
    ).map((row) => row.received_at),
    trackingHours: (
      await database.db.selectFrom("tracking_hour").select("hour_start").orderBy("hour_start").execute()
    ).map((row) => Number(row.hour_start)),
  });

  beforeAll(async () => {
    database = await dialect.open();
    seller = await insertSeller(database.db, "keeper");
  }, 60_000);
  afterAll(() => database.close());
  beforeEach(async () => {
    for (const table of [
      "session",
      "sign_in_failure",
      "speed_beacon_unsummed",
      "speed_beacon",
      "speed_summary_hour",
      "speed_summary_day",
      "speed_summary_day_built",
      "tracking_event",
      "tracking_hour",
      "listing_selection",
      "listing_change",
      "listing_change_item",
      "known_browser",
      "activity",
      "refused_invitation",
    ] as const)
      await database.db.deleteFrom(table).execute();
  });

  it("deletes expired sessions and those left idle, and keeps those a seller may still use", async () => {
    await database.db
      .insertInto("session")
      .values([
        session("expired", NOW - 1),
        session("expires-now", NOW),
        session("idle", NOW + DAY, NOW - SESSION_IDLE_MS),
        session("live", NOW + DAY, NOW - SESSION_IDLE_MS + 1),
      ])
      .execute();
    expect(await deleteExpiredRecords(database.db, 90, NOW)).toEqual({
      sessions: 3,
      signInFailures: 0,
      speedBeacons: 0,
      speedSummaries: 0,
      trackingEvents: 0,
      trackingHours: 0,
      listingSelections: 0,
      pricePreviews: 0,
      knownBrowsers: 0,
      activity: 0,
      refusedInvitations: 0,
    });
    expect((await remaining()).sessions).toEqual(["live"]);
  });

  it("deletes sign-in failures that no longer count towards a limit, and keeps those that do", async () => {
    await database.db
      .insertInto("sign_in_failure")
      .values([
        { account: "counted", client: "10.0.0.1", at: NOW - SIGN_IN_LIMITS.windowMs + 1 },
        { account: "forgotten", client: "10.0.0.1", at: NOW - SIGN_IN_LIMITS.windowMs },
      ])
      .execute();
    expect(await deleteExpiredRecords(database.db, 90, NOW)).toMatchObject({ signInFailures: 1 });
    expect((await remaining()).failures).toEqual(["counted"]);
  });

  it("deletes speed beacons older than the retention, however many, and keeps the rest", async () => {
    const old = Array.from({ length: 2_345 }, (_, index) => beacon(NOW - 91 * DAY - index));
    for (let start = 0; start < old.length; start += 500)
      await database.db
        .insertInto("speed_beacon")
        .values(old.slice(start, start + 500))
        .execute();
    await database.db
      .insertInto("speed_beacon")
      .values([beacon(NOW - 90 * DAY), beacon(NOW - DAY)])
      .execute();
    expect(await deleteExpiredRecords(database.db, 90, NOW)).toMatchObject({ speedBeacons: 2_345 });
    expect((await remaining()).beacons).toEqual([NOW - 90 * DAY, NOW - DAY]);
  });

  it("keeps a beacon still to be summed however old, and any a queued resend may take back out; none during a backlog", async () => {
    const queuedAt = NOW - 20 * DAY;
    const stored = await database.db
      .insertInto("speed_beacon")
      .values([
        beacon(NOW - 30 * DAY),
        beacon(queuedAt - RESENDS_WITHIN_MS - 1),
        beacon(queuedAt - RESENDS_WITHIN_MS),
        beacon(queuedAt),
        beacon(NOW - DAY),
      ])
      .returning("id")
      .execute();
    await database.db.insertInto("speed_beacon_unsummed").values({ beacon_id: stored[3]!.id }).execute();
    expect(await deleteExpiredRecords(database.db, 7, NOW)).toMatchObject({ speedBeacons: 2 });
    expect((await remaining()).beacons).toEqual([queuedAt - RESENDS_WITHIN_MS, queuedAt, NOW - DAY]);
    // Summed, they expire with the rest.
    await database.db.deleteFrom("speed_beacon_unsummed").execute();
    expect(await deleteExpiredRecords(database.db, 7, NOW)).toMatchObject({ speedBeacons: 2 });
    expect((await remaining()).beacons).toEqual([NOW - DAY]);

    // A backlog (more than twenty batches of 500 queued): its oldest is not looked for, and nothing expires.
    const backlog = Array.from({ length: 10_001 }, (_, index) => beacon(NOW - 30 * DAY + index));
    for (let start = 0; start < backlog.length; start += 500) {
      const ids = await database.db
        .insertInto("speed_beacon")
        .values(backlog.slice(start, start + 500))
        .returning("id")
        .execute();
      await database.db
        .insertInto("speed_beacon_unsummed")
        .values(ids.map((row) => ({ beacon_id: row.id })))
        .execute();
    }
    await database.db
      .insertInto("speed_beacon")
      .values(beacon(NOW - 40 * DAY))
      .execute();
    expect(await deleteExpiredRecords(database.db, 7, NOW)).toMatchObject({ speedBeacons: 0 });
  });

  it("keeps an old beacon stored and queued after the queue's oldest was read (a backfill)", async () => {
    const [backfilled] = await database.db
      .insertInto("speed_beacon")
      .values([beacon(NOW - 30 * DAY), beacon(NOW - 29 * DAY)])
      .returning("id")
      .execute();
    await database.db.insertInto("speed_beacon_unsummed").values({ beacon_id: backfilled!.id }).execute();
    // Read before the backfill was queued: nothing waited.
    vi.mocked(oldestQueuedArrival).mockResolvedValueOnce(null);
    expect(await deleteExpiredRecords(database.db, 7, NOW)).toMatchObject({ speedBeacons: 1 });
    expect((await remaining()).beacons).toEqual([NOW - 30 * DAY]);
  });

  it(`deletes site-speed summaries of hours and days begun more than ${SPEED_SUMMARIES_KEPT_DAYS} days ago, and keeps the rest`, async () => {
    const kept = Math.ceil((NOW - SPEED_SUMMARIES_KEPT_DAYS * DAY) / HOUR) * HOUR;
    const summary = (hourStart: number, pageName: string) => ({
      seller_id: seller,
      hour_start: hourStart,
      page_name: pageName,
      device: "",
      connection: "",
      release: "",
      figures: '{"counts":{},"histograms":{}}',
    });
    await database.db
      .insertInto("speed_summary_hour")
      .values([
        summary(kept - 2 * HOUR, "a"),
        summary(kept - HOUR, "a"),
        summary(kept - HOUR, "b"),
        summary(kept, "a"),
        summary(NOW - HOUR, "a"),
      ])
      .execute();
    const day = (dayStart: number, timeZone: string) => {
      const { hour_start: _hourStart, ...key } = summary(dayStart, "a");
      return { ...key, time_zone: timeZone, day_start: dayStart };
    };
    await database.db
      .insertInto("speed_summary_day")
      .values([day(kept - DAY, "UTC"), day(kept - DAY, "Asia/Tokyo"), day(kept, "UTC"), day(NOW - DAY, "UTC")])
      .execute();
    await database.db
      .insertInto("speed_summary_day_built")
      .values(
        [kept - 2 * DAY, kept - DAY, kept, NOW - DAY].map((dayStart) => ({
          seller_id: seller,
          time_zone: "UTC",
          day_start: dayStart,
        })),
      )
      .execute();
    expect(await deleteExpiredRecords(database.db, 90, NOW)).toMatchObject({ speedSummaries: 5 });
    const left = await database.db
      .selectFrom("speed_summary_hour")
      .select("hour_start")
      .orderBy("hour_start")
      .execute();
    expect(left.map((row) => row.hour_start)).toEqual([kept, NOW - HOUR]);
    for (const table of ["speed_summary_day", "speed_summary_day_built"] as const) {
      const days = await database.db.selectFrom(table).select("day_start").orderBy("day_start").execute();
      expect(
        days.map((row) => Number(row.day_start)),
        table,
      ).toEqual([kept, NOW - DAY]);
    }
  });

  it(`deletes tracking events older than the speed beacons' retention or ${TRACKING_EVENTS_KEPT_DAYS} days, whichever is longer`, async () => {
    const event = (receivedAt: number) => ({
      page_name: "sellerHubOverview",
      action: "bulkPriceTry",
      count: 1,
      seller_id: seller,
      page_view: "v",
      received_at: receivedAt,
    });
    // Their hours' counts, as the collector keeps them: an hour goes once it began before the events kept.
    const hour = (hourStart: number) => ({
      seller_id: seller,
      hour_start: hourStart,
      page_name: "sellerHubOverview",
      action: "bulkPriceTry",
      events: 1,
    });
    const store = async (...receivedAt: number[]) => {
      await database.db.insertInto("tracking_event").values(receivedAt.map(event)).execute();
      await database.db.insertInto("tracking_hour").values(receivedAt.map(hour)).execute();
    };
    await store(NOW - 91 * DAY, NOW - 90 * DAY, NOW - DAY);
    expect(await deleteExpiredRecords(database.db, 90, NOW)).toMatchObject({ trackingEvents: 1, trackingHours: 1 });
    expect(await remaining()).toMatchObject({
      trackingEvents: [NOW - 90 * DAY, NOW - DAY],
      trackingHours: [NOW - 90 * DAY, NOW - DAY],
    });
    // Kept a week, beacons are summed; tracking is counted over the dashboard's 30 days.
    expect(TRACKING_EVENTS_KEPT_DAYS).toBe(31);
    await store(NOW - 31 * DAY - HOUR, NOW - 31 * DAY, NOW - 8 * DAY);
    expect(await deleteExpiredRecords(database.db, 7, NOW)).toMatchObject({ trackingEvents: 2, trackingHours: 2 });
    expect(await remaining()).toMatchObject({
      trackingEvents: [NOW - 31 * DAY, NOW - 8 * DAY, NOW - DAY],
      trackingHours: [NOW - 31 * DAY, NOW - 8 * DAY, NOW - DAY],
    });
  });

  it("deletes the selections of ended sessions and previews never applied after a day, and keeps the rest", async () => {
    await database.db
      .insertInto("session")
      .values([session("live", NOW + DAY)])
      .execute();
    await database.db
      .insertInto("listing_selection")
      .values([
        { session_id: "live", listing_id: 1 },
        { session_id: "ended", listing_id: 1 },
        { session_id: "ended", listing_id: 2 },
      ])
      .execute();
    const change = (id: string, state: "previewed" | "applied", createdAt: number) => ({
      id,
      seller_id: seller,
      kind: "raise_amount",
      amount: 100,
      ending: null,
      state,
      created_at: createdAt,
      applied_at: state === "applied" ? createdAt : null,
    });
    await database.db
      .insertInto("listing_change")
      .values([
        change("old-preview", "previewed", NOW - DAY - 1),
        change("new-preview", "previewed", NOW - DAY + 1),
        change("old-applied", "applied", NOW - 30 * DAY),
      ])
      .execute();
    await database.db
      .insertInto("listing_change_item")
      .values(
        ["old-preview", "new-preview", "old-applied"].map((changeId) => ({
          change_id: changeId,
          listing_id: 1,
          field: "price" as const,
          old_value: 100,
          old_version: 0,
          new_value: 200,
        })),
      )
      .execute();
    expect(await deleteExpiredRecords(database.db, 90, NOW)).toMatchObject({ listingSelections: 2, pricePreviews: 1 });
    expect(await database.db.selectFrom("listing_selection").select("session_id").execute()).toEqual([
      { session_id: "live" },
    ]);
    const kept = await database.db.selectFrom("listing_change_item").select("change_id").orderBy("change_id").execute();
    expect(kept.map((row) => row.change_id)).toEqual(["new-preview", "old-applied"]);
  });

  it("forgets browsers that have not signed in for 400 days, and keeps the rest", async () => {
    await database.db
      .insertInto("known_browser")
      .values([
        { token_hash: "gone", account: "keeper", expires_at: NOW - 1 },
        { token_hash: "kept", account: "keeper", expires_at: NOW + DAY },
      ])
      .execute();
    expect(await deleteExpiredRecords(database.db, 90, NOW)).toMatchObject({ knownBrowsers: 1 });
    expect(await database.db.selectFrom("known_browser").select("token_hash").execute()).toEqual([
      { token_hash: "kept" },
    ]);
  });

  it("deletes activity older than a year, and keeps the year's", async () => {
    const owner = await insertAccount(database.db, "logged-owner");
    for (const at of [NOW - ACTIVITY_KEPT_MS - 1, NOW - ACTIVITY_KEPT_MS])
      await recordActivity(database.db, owner, "tools-switched", { to: "previous" }, at);
    expect(await deleteExpiredRecords(database.db, 90, NOW)).toMatchObject({ activity: 1 });
    expect(await database.db.selectFrom("activity").select("at").execute()).toEqual([{ at: NOW - ACTIVITY_KEPT_MS }]);
  });

  it("deletes invitations refused for a taken username once they no longer count towards the day's limit", async () => {
    const owner = await insertAccount(database.db, "refused-owner");
    await database.db
      .insertInto("refused_invitation")
      .values(
        [NOW - INVITATIONS_COUNTED_MS, NOW - INVITATIONS_COUNTED_MS + 1].map((at) => ({
          seller_id: owner.sellerId,
          created_at: at,
        })),
      )
      .execute();
    expect(await deleteExpiredRecords(database.db, 90, NOW)).toMatchObject({ refusedInvitations: 1 });
    expect(await database.db.selectFrom("refused_invitation").select("created_at").execute()).toEqual([
      { created_at: NOW - INVITATIONS_COUNTED_MS + 1 },
    ]);
  });

  it("keeps the rows of a preview applied between finding it old and deleting it", async () => {
    await database.db
      .insertInto("listing_change")
      .values({
        id: "racing",
        seller_id: seller,
        kind: "raise_amount",
        amount: 100,
        ending: null,
        state: "previewed",
        created_at: NOW - DAY - 1,
        applied_at: null,
      })
      .execute();
    await database.db
      .insertInto("listing_change_item")
      .values({
        change_id: "racing",
        listing_id: 1,
        field: "price" as const,
        old_value: 100,
        old_version: 0,
        new_value: 200,
      })
      .execute();
    // The seller applies it the moment after housekeeping read it as an old preview.
    let applied = false;
    const racing = database.db.withPlugin({
      transformQuery: ({ node }) => node,
      async transformResult({ result }) {
        const rows = result.rows as Array<{ id?: unknown }>;
        if (!applied && rows.some((row) => row.id === "racing")) {
          applied = true;
          await database.db
            .updateTable("listing_change")
            .set({ state: "applied", applied_at: NOW })
            .where("id", "=", "racing")
            .execute();
        }
        return result;
      },
    });
    await deleteExpiredRecords(racing, 90, NOW);
    expect(applied).toBe(true);
    expect(await database.db.selectFrom("listing_change").select("state").where("id", "=", "racing").execute()).toEqual(
      [{ state: "applied" }],
    );
    expect(
      await database.db
        .selectFrom("listing_change_item")
        .select("change_id")
        .where("change_id", "=", "racing")
        .execute(),
    ).toEqual([{ change_id: "racing" }]);
  });
});
