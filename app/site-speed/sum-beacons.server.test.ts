import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { exactReport } from "../../test/exact-site-speed-report";
import { insertSeller } from "../../test/listings";
import { expectWithin } from "../../test/summed-percentiles";
import {
  beaconRequest,
  forgetPageViews,
  sampleBeacon,
  sampleInAppBeacon,
  storeBeacons,
  testId,
} from "../../test/speed-beacons";
import { startSession } from "~/auth/session.server";
import { migrate, type Database } from "~/db/database.server";
import { DEMO_USERNAME, randomSequence, seedDemoData } from "~/db/seed.server";
import { BEACON_RESEND_WINDOW_MS, INP_PHASES, LCP_PARTS, SERVER_TIMING_PARTS } from "./beacon-rules";
import type { SpeedBeacon } from "./beacon-schema";
import { collectSpeedBeacon } from "./collect-beacon.server";
import { percentileOf } from "./log-histogram";
import { addFigures, noFigures, readStoredFigures, storeFigures, type Figures } from "./page-view-figures";
import { findReportPeriod, periodWindow } from "./report-periods";
import type { FixSummary } from "./site-speed-report";
import { buildSiteSpeedReport } from "./site-speed-report.server";
import { EVERY_SEGMENT, keepHoursOverSegments } from "./hours-over-segments.server";
import { sumNewBeacons } from "./sum-beacons.server";

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** 14:30 UTC. */
const NOW = Date.UTC(2026, 10, 27, 14, 30);

describe.each(TEST_DIALECTS)("summing site-speed beacons on $name", (dialect) => {
  let database: Database;
  let sellerId: number;
  /** An account no one has read. */
  let otherSellerId: number;
  let cookie: string;

  /** Stores a beacon as the collector does, arriving at `at`, from the demo seller's pages or a signed-out one. */
  const collect = (beacon: SpeedBeacon, at: number, { signedIn = true } = {}) =>
    collectSpeedBeacon(database.db, beaconRequest(beacon, signedIn ? { Cookie: cookie } : {}), "192.0.2.10", at);

  /** Stores a beacon straight into the database and queues it: as the collector does, in bulk, or late. */
  async function store(beacon: SpeedBeacon, at: number, seller: number | null = sellerId) {
    const { pageName, speedSession, tracking: _tracking, resources: _resources, ...metrics } = beacon;
    const { id } = await database.db
      .insertInto("speed_beacon")
      .values({
        page_name: pageName,
        speed_session: speedSession,
        seller_id: seller,
        received_at: at,
        metrics: JSON.stringify(metrics),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db.insertInto("speed_beacon_unsummed").values({ beacon_id: id }).execute();
  }

  const storedHours = async () =>
    (
      await database.db
        .selectFrom("speed_summary_hour")
        .selectAll()
        .orderBy("hour_start")
        .orderBy("page_name")
        .execute()
    ).map(({ figures, ...key }) => ({ ...key, figures: readStoredFigures(figures, Number(key.hour_start)) }));

  /**
   * The segments' summaries of the hours. Every test that reads them also checks the sums over
   * every segment (hours-over-segments.server.ts): one a page and release in each hour of an
   * account that keeps them, from its first such hour on, its segments' figures added up; none
   * elsewhere.
   */
  async function summaries() {
    const stored = await storedHours();
    const kept = new Map(
      (await database.db.selectFrom("speed_hours_over_segments").selectAll().execute()).map((row) => [
        row.seller_id,
        Number(row.since),
      ]),
    );
    const segments = stored.filter((row) => row.device !== EVERY_SEGMENT);
    const keyOf = (row: (typeof stored)[number]) =>
      JSON.stringify([row.seller_id, row.hour_start, row.page_name, row.release]);
    const added = new Map<string, Figures>();
    for (const row of segments) {
      if (Number(row.hour_start) < (kept.get(row.seller_id) ?? Number.POSITIVE_INFINITY)) continue;
      const sum = added.get(keyOf(row)) ?? noFigures();
      addFigures(sum, row.figures);
      added.set(keyOf(row), sum);
    }
    const sums = stored.filter((row) => row.device === EVERY_SEGMENT);
    expect(sums.every((row) => row.connection === EVERY_SEGMENT)).toBe(true);
    // As stored, parsed: equal whatever order their counts and histograms were added in.
    const asStored = (figures: Figures) => JSON.parse(storeFigures(figures)) as unknown;
    expect(new Map(sums.map((row) => [keyOf(row), asStored(row.figures)]))).toEqual(
      new Map([...added].map(([key, figures]) => [key, asStored(figures)])),
    );
    return segments;
  }
  const queue = () => database.db.selectFrom("speed_beacon_unsummed").selectAll().execute();

  /** Each page's figures over all its summaries. */
  async function figuresByPage(): Promise<Map<string, Figures>> {
    const pages = new Map<string, Figures>();
    for (const { page_name, figures } of await summaries()) {
      const sum = pages.get(page_name) ?? noFigures();
      addFigures(sum, figures);
      pages.set(page_name, sum);
    }
    return pages;
  }

  beforeAll(async () => {
    database = await dialect.open();
    await seedDemoData(database.db);
    const owner = await database.db
      .selectFrom("member")
      .select(["id", "seller_id"])
      .where("username", "=", DEMO_USERNAME)
      .executeTakeFirstOrThrow();
    sellerId = owner.seller_id;
    otherSellerId = await insertSeller(database.db, "summing-other");
    cookie = (await startSession(database.db, owner, new Request("http://localhost/signin"))).split(";")[0] as string;
  }, 60_000);
  afterAll(() => database.close());
  // The demo seller's dashboard has been read: its hours keep sums over every segment (from two
  // days before NOW), which `summaries` checks in each test. The other account has not.
  beforeEach(async () => {
    await forgetPageViews(database.db);
    await keepHoursOverSegments(database, sellerId, NOW);
  });
  /** Until a transaction of this test's database waits for an advisory lock, or `withinMs` has passed. */
  async function someoneWaitsForALock(withinMs: number) {
    for (const until = Date.now() + withinMs; Date.now() < until;) {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_locks
        where locktype = 'advisory' and not granted
          and database = (select oid from pg_database where datname = current_database())`.execute(database.db);
      if ((rows[0]?.waiting ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  /** As before the account's first view. */
  const forgetFirstView = () => database.db.deleteFrom("speed_hours_over_segments").execute();

  it("sums a collected beacon into the hour its page view began, under its seller, page and segment", async () => {
    // Left at 14:05 after 15 minutes: the page view began at 13:50, and belongs to 13:00.
    await collect(
      sampleBeacon({
        ageMs: 15 * MINUTE,
        release: "build-7",
        device: { viewportWidth: 390, connection: "4g" },
        attribution: { lcpParts: { ttfb: 80, loadDelay: 300, loadTime: 500, renderDelay: 600 } },
      }),
      Date.UTC(2026, 10, 27, 14, 5),
    );
    expect(await queue()).toHaveLength(1);

    expect(await sumNewBeacons(database)).toEqual({ summed: 1, skipped: 0, mismatched: 0 });

    const [summary, ...others] = await summaries();
    expect(others).toEqual([]);
    expect(summary).toMatchObject({
      seller_id: sellerId,
      hour_start: Date.UTC(2026, 10, 27, 13),
      page_name: "sellerHubOverview",
      device: "phone",
      connection: "4g",
      release: "build-7",
    });
    const { counts, histograms } = summary!.figures;
    expect(Object.fromEntries(counts)).toMatchObject({
      pageViews: 1,
      fullLoads: 1,
      "LCP.good": 1,
      "CLS.good": 1,
      "LCP.parts": 1,
    });
    expectWithin(percentileOf(histograms.get("LCP")!, 75), 1480);
    expectWithin(percentileOf(histograms.get("LCP.renderDelay")!, 75), 600);
    // The moment it began, for its release's beginning.
    expect(summary!.figures.firstBeganAt).toBe(Date.UTC(2026, 10, 27, 13, 50));
    expect(await queue()).toEqual([]);
  });

  it("sums a signed-out page view under seller 0, and a beacon without a segment under ''", async () => {
    await collect(sampleBeacon({ pageName: "signIn" }), NOW, { signedIn: false });
    await sumNewBeacons(database);
    expect(await summaries()).toMatchObject([
      { seller_id: 0, page_name: "signIn", device: "", connection: "", release: "" },
    ]);
  });

  it("sums the page views of an account someone reads into its hours' sums over every segment too: one a page and release", async () => {
    await store(sampleBeacon({ device: { viewportWidth: 390, connection: "4g" } }), NOW);
    await store(sampleBeacon({ device: { viewportWidth: 1280, connection: "3g" } }), NOW + MINUTE);
    await store(sampleBeacon({ release: "build-8" }), NOW + 2 * MINUTE);
    // Signed-out pages and an account no one has read keep their segments alone.
    await store(sampleBeacon({ pageName: "signIn" }), NOW, null);
    await store(sampleBeacon({ device: { viewportWidth: 390, connection: "4g" } }), NOW, otherSellerId);
    await sumNewBeacons(database);
    // `summaries` checks that each sum is its segments' figures added up, and that there are no others.
    expect(await summaries()).toHaveLength(5);
    const sums = (await storedHours()).filter((row) => row.device === EVERY_SEGMENT);
    expect(
      sums.map(({ seller_id, release, figures }) => [seller_id, release, figures.counts.get("pageViews")]),
    ).toEqual([
      [sellerId, "", 2],
      [sellerId, "build-8", 1],
    ]);
  });

  it("starts an account's sums over every segment from its last two days' hours at its first view, its older hours kept by segment", async () => {
    await forgetFirstView();
    await store(sampleBeacon({ device: { viewportWidth: 390, connection: "4g" } }), NOW - 3 * 24 * HOUR);
    await store(sampleBeacon({ device: { viewportWidth: 390, connection: "4g" } }), NOW - HOUR);
    await store(sampleBeacon({ device: { viewportWidth: 1280, connection: "3g" } }), NOW - HOUR);
    await sumNewBeacons(database);
    expect((await storedHours()).filter((row) => row.device === EVERY_SEGMENT)).toEqual([]);

    // Two views at once, while a page view of the same hour waits to be summed: one starts the sums.
    const resend = sampleBeacon({ device: { viewportWidth: 390, connection: "4g" } });
    await store(resend, NOW - HOUR + MINUTE);
    await Promise.all([
      keepHoursOverSegments(database, sellerId, NOW),
      keepHoursOverSegments(database, sellerId, NOW),
      sumNewBeacons(database),
    ]);
    await sumNewBeacons(database);
    await store({ ...resend, vitals: { LCP: 900 } }, NOW - HOUR + 2 * MINUTE);
    expect(await sumNewBeacons(database)).toMatchObject({ mismatched: 0 });

    expect(await summaries()).toHaveLength(3);
    const sums = (await storedHours()).filter((row) => row.device === EVERY_SEGMENT);
    expect(sums.map(({ hour_start, figures }) => [hour_start, figures.counts.get("pageViews")])).toEqual([
      [Math.floor((NOW - HOUR) / HOUR) * HOUR, 3],
    ]);
  });

  it("starts an account's sums after a summing in progress has committed, so they hold what it added", async () => {
    await forgetFirstView();
    let starting: Promise<void> | undefined;
    await database.db.transaction().execute(async (trx) => {
      // What a summing holds while it adds a page view: PostgreSQL's advisory lock; SQLite's writer, by the transaction.
      if (dialect.name === "PostgreSQL")
        await sql`select pg_advisory_xact_lock(hashtext('seller-hub:sum-beacons'))`.execute(trx);
      await trx
        .insertInto("speed_summary_hour")
        .values({
          seller_id: sellerId,
          hour_start: Math.floor(NOW / HOUR) * HOUR,
          page_name: "sellerHubOverview",
          device: "phone",
          connection: "4g",
          release: "",
          figures: '{"counts":{"pageViews":1,"fullLoads":1},"histograms":{}}',
        })
        .execute();
      starting = keepHoursOverSegments(database, sellerId, NOW);
      // A start that holds the summing off is soon seen waiting for its lock; one that did not
      // wait has had 3 s by then to read the segments without this page view. On SQLite the start
      // runs after this transaction whatever it does: the file has one connection.
      if (dialect.name === "PostgreSQL") await someoneWaitsForALock(3_000);
    });
    await starting;
    const sums = (await storedHours()).filter((row) => row.device === EVERY_SEGMENT);
    expect(sums.map((row) => row.figures.counts.get("pageViews"))).toEqual([1]);
    await summaries();
  });

  it("moves a resent page view from an hour before the account's sums into one that keeps them", async () => {
    // An older build's beacons, dated when each arrived: 13:58, before the sums' first hour, then 14:03.
    const sumsFrom = Date.UTC(2026, 10, 27, 14);
    await database.db.updateTable("speed_hours_over_segments").set({ since: sumsFrom }).execute();
    const first = sampleBeacon({ vitals: { LCP: 5000 } });
    await store(first, sumsFrom - 2 * MINUTE);
    await sumNewBeacons(database);
    await store({ ...first, vitals: { LCP: 1200 } }, sumsFrom + 3 * MINUTE);
    expect(await sumNewBeacons(database)).toEqual({ summed: 1, skipped: 0, mismatched: 0 });
    expect((await summaries()).map((summary) => summary.hour_start)).toEqual([sumsFrom]);
    const sums = (await storedHours()).filter((row) => row.device === EVERY_SEGMENT);
    expect(sums.map((row) => [row.hour_start, row.figures.counts.get("pageViews")])).toEqual([[sumsFrom, 1]]);
  });

  it("counts a resent page view once, with its newest figures, summed together or a run apart", async () => {
    const first = sampleBeacon({ vitals: { LCP: 5000 } });
    const resend = { ...first, vitals: { LCP: 1200, CLS: 0.3 } };

    await store(first, NOW);
    await store(resend, NOW + MINUTE);
    await sumNewBeacons(database);
    const together = await figuresByPage();

    await database.db.deleteFrom("speed_summary_hour").execute();
    await database.db.deleteFrom("speed_beacon").execute();
    await store(first, NOW);
    await sumNewBeacons(database);
    await store(resend, NOW + MINUTE);
    expect(await sumNewBeacons(database)).toEqual({ summed: 1, skipped: 0, mismatched: 0 });
    const apart = await figuresByPage();

    for (const figures of [together, apart]) {
      const overview = figures.get("sellerHubOverview")!;
      expect(Object.fromEntries(overview.counts)).toEqual({
        pageViews: 1,
        fullLoads: 1,
        "LCP.good": 1,
        "LCP.bin.2": 1,
        "CLS.poor": 1,
        "CLS.bin.5": 1,
      });
      expectWithin(percentileOf(overview.histograms.get("LCP")!, 75), 1200);
    }
  });

  it("moves a resent page view of an older build, dated when each beacon arrived, into the newer beacon's hour", async () => {
    // Beacons of builds before ageMs: the page view is dated by arrival, 13:58 and then 14:03.
    const first = sampleBeacon({ vitals: { LCP: 5000 } });
    await store(first, Date.UTC(2026, 10, 27, 13, 58));
    await sumNewBeacons(database);
    await store({ ...first, vitals: { LCP: 1200 } }, Date.UTC(2026, 10, 27, 14, 3));
    await sumNewBeacons(database);
    // The 13:00 summary held that page view alone, and is gone.
    expect((await summaries()).map((summary) => summary.hour_start)).toEqual([Date.UTC(2026, 10, 27, 14)]);
  });

  it("adds nothing for a beacon committed after a newer one of its page view was summed", async () => {
    const newer = sampleBeacon({ vitals: { LCP: 1200 } });
    await store(newer, NOW + MINUTE);
    await sumNewBeacons(database);
    const before = await summaries();

    // Sent first, committed last: PostgreSQL commits transactions in any order.
    await store({ ...newer, vitals: { LCP: 5000 } }, NOW);
    expect(await sumNewBeacons(database)).toEqual({ summed: 0, skipped: 1, mismatched: 0 });
    expect(await summaries()).toEqual(before);
    expect(await queue()).toEqual([]);
  });

  it("says how many summaries lacked what a resend took back out, and counts nothing below 0", async () => {
    const first = sampleBeacon({ vitals: { LCP: 5000 } });
    await store(first, NOW);
    await sumNewBeacons(database);
    // Changed by something other than the summing: the earlier figures are no longer there.
    await database.db.deleteFrom("speed_summary_hour").execute();
    await store({ ...first, vitals: { LCP: 1200 } }, NOW + MINUTE);
    // Two summaries lacked them: the segment's, and the hour's sum over every segment.
    expect(await sumNewBeacons(database)).toEqual({ summed: 1, skipped: 0, mismatched: 2 });
    const overview = (await figuresByPage()).get("sellerHubOverview")!;
    expect(overview.counts.get("pageViews")).toBe(1);
    expectWithin(percentileOf(overview.histograms.get("LCP")!, 75), 1200);
  });

  it("starts a summary again whose stored figures no longer read, rather than stopping every batch after", async () => {
    await store(sampleBeacon(), NOW);
    await sumNewBeacons(database);
    await database.db.updateTable("speed_summary_hour").set({ figures: '{"counts":{"pageViews":-3}}' }).execute();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await store(sampleBeacon(), NOW + MINUTE);
      // The segment's summary and the hour's sum over every segment both start again.
      expect(await sumNewBeacons(database)).toEqual({ summed: 1, skipped: 0, mismatched: 2 });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("did not read, and starts again"), expect.any(String));
    } finally {
      warn.mockRestore();
    }
    expect((await figuresByPage()).get("sellerHubOverview")?.counts.get("pageViews")).toBe(1);
    expect(await queue()).toEqual([]);
  });

  it("keeps the hour's start as the first moment of a summary stored before moments were kept, when it sums into it", async () => {
    await store(sampleBeacon(), NOW);
    await sumNewBeacons(database);
    await database.db
      .updateTable("speed_summary_hour")
      .set({ figures: '{"counts":{"pageViews":1,"fullLoads":1},"histograms":{}}' })
      .execute();
    await store(sampleBeacon(), NOW + 10 * MINUTE);
    expect(await sumNewBeacons(database)).toEqual({ summed: 1, skipped: 0, mismatched: 0 });
    const [summary, ...others] = await summaries();
    expect(others).toEqual([]);
    expect(summary!.figures.counts.get("pageViews")).toBe(2);
    expect(summary!.figures.firstBeganAt).toBe(Date.UTC(2026, 10, 27, 14));
  });

  it("counts a resend sent after signing out as the signed-out pages' page view, as the dashboard does", async () => {
    const signedIn = sampleBeacon({ vitals: { LCP: 5000 } });
    await store(signedIn, NOW);
    await store({ ...signedIn, vitals: { LCP: 1200 } }, NOW + MINUTE, null);
    await sumNewBeacons(database);
    const pageViews = (await summaries()).map((summary) => [
      summary.seller_id,
      summary.figures.counts.get("pageViews"),
    ]);
    expect(pageViews).toEqual([
      [sellerId, 1],
      [0, 1],
    ]);
  });

  it("counts a page view sent again after the resend window as a page view of its own", async () => {
    const pageView = testId();
    const speedSession = testId();
    await store(sampleBeacon({ pageView, speedSession }), NOW);
    await store(sampleBeacon({ pageView, speedSession }), NOW + BEACON_RESEND_WINDOW_MS + 2 * MINUTE);
    await sumNewBeacons(database);
    expect((await figuresByPage()).get("sellerHubOverview")?.counts.get("pageViews")).toBe(2);
  });

  it("leaves out a beacon deleted before it was summed, and one whose figures no longer read", async () => {
    await database.db.insertInto("speed_beacon_unsummed").values({ beacon_id: 987_654 }).execute();
    const { id } = await database.db
      .insertInto("speed_beacon")
      .values({ page_name: "p", speed_session: testId(), seller_id: sellerId, received_at: NOW, metrics: "{" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db.insertInto("speed_beacon_unsummed").values({ beacon_id: id }).execute();

    expect(await sumNewBeacons(database)).toEqual({ summed: 0, skipped: 1, mismatched: 0 });
    expect(await summaries()).toEqual([]);
    expect(await queue()).toEqual([]);
  });

  it("sums a backlog batch by batch, and stops between batches when the process is stopping", async () => {
    for (let index = 0; index < 7; index += 1) await store(sampleBeacon(), NOW + index);
    expect(await sumNewBeacons(database, { batch: 3, stopping: () => true })).toMatchObject({ summed: 3 });
    expect(await queue()).toHaveLength(4);
    expect(await sumNewBeacons(database, { batch: 3 })).toMatchObject({ summed: 4 });
    expect((await figuresByPage()).get("sellerHubOverview")?.counts.get("pageViews")).toBe(7);
  });

  it("counts each beacon once when two summings run at once", async () => {
    for (let index = 0; index < 40; index += 1) await store(sampleBeacon(), NOW + index);
    const runs = await Promise.all([sumNewBeacons(database, { batch: 5 }), sumNewBeacons(database, { batch: 5 })]);
    // Each batch by one of them: together they summed every beacon once, and left none.
    expect(runs[0].summed + runs[1].summed).toBe(40);
    expect(await queue()).toEqual([]);
    expect((await figuresByPage()).get("sellerHubOverview")?.counts.get("pageViews")).toBe(40);
  });

  // The 7 and 30 days in Los Angeles: its days are not UTC's, and the 30 days span summer time's end
  // (1 November 2026), so the period before begins at 23:00 of a day, which only hours can give.
  it.each([
    ["24h", "UTC"],
    ["7d", "America/Los_Angeles"],
    ["30d", "America/Los_Angeles"],
  ])(
    "gives the %s dashboard in %s every figure raw beacons give: counts exactly, each percentile within the stated error",
    async (periodKey, timeZone) => {
      const random = randomSequence(33);
      const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
      const period = findReportPeriod(periodKey)!;
      const sessions = Array.from({ length: 20 }, testId);
      const sent: Array<{ beacon: SpeedBeacon; at: number }> = [];
      // This period and the one before, to now. The period before may begin mid-day (the 30 days'
      // here, at 23:00), and what precedes its first whole day is read from the hours: the first
      // page views began in its first hour.
      const { since, until } = periodWindow(period, NOW, timeZone);
      const from = since - (until - since);
      for (let index = 0; index < 500; index += 1) {
        const at = index < 5 ? from + (15 + index) * MINUTE : from + Math.floor(random() * (NOW - from));
        const lcp = Math.round(300 + 6000 * random() ** 2);
        const inp = Math.round(20 + 600 * random() ** 3);
        const pageName = pick(["sellerHubOverview", "sellerHubListings", "sellerHubMessages"]);
        const base = {
          pageName,
          speedSession: pick(sessions),
          ageMs: Math.floor(random() * 10 * MINUTE),
          // One release until ten hours ago, the next since: which began first is never a tie.
          release: random() < 0.2 ? undefined : at < NOW - 10 * HOUR ? "r1" : "r2",
          device: { viewportWidth: pick([320, 800, 1440]), connection: pick(["3g", "4g", undefined] as const) },
          vitals: {
            LCP: lcp,
            INP: inp,
            CLS: random() < 0.6 ? 0 : random() * 0.5,
            FCP: lcp / 2,
            // Exactly on a threshold, as an INP often is: its rating must not depend on the 1 %.
            ...(random() < 0.2 ? { INP: 200 } : {}),
          },
          attribution:
            random() < 0.5
              ? {
                  lcpParts: Object.fromEntries(LCP_PARTS.map((part) => [part, Math.round(lcp * random())])),
                  inpPhases: Object.fromEntries(INP_PHASES.map((phase) => [phase, Math.round(200 * random())])),
                  lcpElement: pick(["img.hero", "h1 > span"]),
                  inpTarget: "button.save",
                  inpScript: pick(["/assets/listings.js:save", "/assets/root.js:onClick", undefined]),
                }
              : undefined,
          errors:
            random() < 0.3
              ? [
                  {
                    message: pick(["TypeError: x is undefined", "Ürün bulunamadı", "ResizeObserver loop"]),
                    source: "/assets/root.js",
                    line: 1,
                    column: 2,
                    count: 1 + Math.floor(random() * 3),
                    pageName,
                  },
                ]
              : [],
        };
        const server = { db: Math.round(40 * random()), render: Math.round(90 * random()), total: 150 };
        const beacon =
          random() < 0.3
            ? sampleInAppBeacon({
                ...base,
                inAppNavigation: {
                  duration: Math.round(100 + 900 * random()),
                  dataRequest: Math.round(50 + 300 * random()),
                  server,
                },
              })
            : sampleBeacon({ ...base, navigation: { ...sampleBeacon().navigation!, server } });
        sent.push({ beacon, at });
        // A tenth are resent by an older build, a few minutes later, with other figures.
        if (random() < 0.1)
          sent.push({ beacon: { ...beacon, vitals: { ...beacon.vitals, LCP: lcp + 999 } }, at: at + 3 * MINUTE });
      }
      // Half summed before the account's first view, half after: the hours' sums over every segment
      // begin from their segments, then take each page view and resend as it is summed.
      await forgetFirstView();
      const shuffled = sent.toSorted(() => random() - 0.5);
      for (const [index, { beacon, at }] of shuffled.entries()) {
        if (index === Math.floor(shuffled.length / 2)) {
          await sumNewBeacons(database, { batch: 64 });
          await keepHoursOverSegments(database, sellerId, NOW);
        }
        await store(beacon, at);
      }
      await sumNewBeacons(database, { batch: 64 });
      await summaries();

      const raw = await exactReport(database.db, sellerId, period, {}, NOW, timeZone);
      const summed = await buildSiteSpeedReport(database, sellerId, period, {}, NOW, timeZone);
      /** Each page's charts, as the dashboard builds them for the page shown. */
      const chartsOf = async (page: string) => ({
        raw: (await exactReport(database.db, sellerId, period, {}, NOW, timeZone, { page })).charts,
        summed: (await buildSiteSpeedReport(database, sellerId, period, {}, NOW, timeZone, { page })).charts,
      });
      expect(summed).toMatchObject({ stillSumming: false, pageViews: raw.pageViews });
      expect(summed.pages.map((page) => page.pageName)).toEqual(raw.pages.map((page) => page.pageName));
      expect(raw.pages.length).toBe(3);
      for (const page of raw.pages) {
        const sums = summed.pages.find((one) => one.pageName === page.pageName)!;
        expect(sums).toMatchObject({
          pageViews: page.pageViews,
          fullLoads: page.fullLoads,
          inAppNavigations: page.inAppNavigations,
        });
        expectWithin(sums.inAppDurationP75, page.inAppDurationP75);
        expectWithin(sums.dataRequestP75, page.dataRequestP75);
        for (const [summedParts, rawParts] of [
          [sums.vitalParts.LCP, page.vitalParts.LCP],
          [sums.vitalParts.INP, page.vitalParts.INP],
          [sums.server.fullLoads, page.server.fullLoads],
          [sums.server.inApp, page.server.inApp],
        ] as const) {
          expect(summedParts?.samples).toBe(rawParts?.samples);
          for (const part of [...LCP_PARTS, ...INP_PHASES, ...SERVER_TIMING_PARTS])
            expectWithin(
              (summedParts?.p75 as Record<string, number> | undefined)?.[part],
              (rawParts?.p75 as Record<string, number> | undefined)?.[part],
            );
        }
        const charts = await chartsOf(page.pageName);
        for (const vital of page.vitals) {
          const { p75, previousP75, ...exact } = sums.vitals.find((one) => one.name === vital.name)!;
          expect(exact, `${page.pageName} ${vital.name}`).toEqual({
            name: vital.name,
            samples: vital.samples,
            rating: vital.rating,
            ratingCounts: vital.ratingCounts,
            ratingPercentages: vital.ratingPercentages,
          });
          expectWithin(p75, vital.p75);
          expectWithin(previousP75, vital.previousP75);
          const [summedCharts, rawCharts] = [charts.summed!.vitals[vital.name], charts.raw!.vitals[vital.name]];
          expect(summedCharts.histogram, `${page.pageName} ${vital.name}`).toEqual(rawCharts.histogram);
          expect(summedCharts.trend.map((point) => [point.start, point.samples])).toEqual(
            rawCharts.trend.map((point) => [point.start, point.samples]),
          );
          summedCharts.trend.forEach((point, index) => expectWithin(point.p75, rawCharts.trend[index]!.p75));
        }
      }
      // Releases begin at their first page view's moment, as from raw beacons.
      expect(summed.releases).toEqual(raw.releases);
      expect(summed.releaseComparison).toMatchObject({ release: "r2", against: "r1" });
      expect(summed.releaseComparison?.pages.map((page) => page.pageName)).toEqual(
        raw.releaseComparison?.pages.map((page) => page.pageName),
      );
      raw.releaseComparison?.pages.forEach((page, index) =>
        page.vitals.forEach((vital, vitalIndex) => {
          const sums = summed.releaseComparison!.pages[index]!.vitals[vitalIndex]!;
          expect(sums).toMatchObject({
            name: vital.name,
            samples: vital.samples,
            againstSamples: vital.againstSamples,
          });
          expectWithin(sums.p75, vital.p75);
          expectWithin(sums.againstP75, vital.againstP75);
        }),
      );
      // What to fix and script errors: the same ones, told as often (the order of near ties may differ by the 1 %).
      const byName = <T extends { pageName: string }>(items: readonly T[], name: (item: T) => string) =>
        items.toSorted((a, b) => name(a).localeCompare(name(b)));
      const fixName = (fix: FixSummary) => `${fix.pageName} ${fix.vital} ${fix.element}`;
      const rawFixes = byName(raw.fixes, fixName);
      expect(rawFixes.length).toBe(9);
      expect(byName(summed.fixes, fixName).map(({ p75: _p75, ...fix }) => fix)).toEqual(
        rawFixes.map(({ p75: _p75, ...fix }) => fix),
      );
      byName(summed.fixes, fixName).forEach((fix, index) => expectWithin(fix.p75, rawFixes[index]!.p75));
      expect(summed.scriptErrors.length).toBeGreaterThan(3);
      expect(byName(summed.scriptErrors, (error) => error.message + error.pageName)).toEqual(
        byName(raw.scriptErrors, (error) => error.message + error.pageName),
      );
    },
  );
});

describe.each(TEST_DIALECTS)("migration 0032 on $name", (dialect) => {
  it("queues every beacon stored before it, so the sums begin with the whole kept history", async () => {
    const database = await dialect.open("0031-beacon-ids-in-indexes");
    try {
      const { pageName, speedSession, tracking: _tracking, resources: _resources, ...figures } = sampleBeacon();
      await database.db
        .insertInto("speed_beacon")
        .values(
          [NOW - 30 * 24 * HOUR, NOW].map((at) => ({
            page_name: pageName,
            speed_session: speedSession,
            received_at: at,
            seller_id: null,
            metrics: JSON.stringify({ ...figures, pageView: testId() }),
          })),
        )
        .execute();
      await migrate(database);
      expect(await database.db.selectFrom("speed_beacon_unsummed").selectAll().execute()).toHaveLength(2);
      expect(await sumNewBeacons(database)).toEqual({ summed: 2, skipped: 0, mismatched: 0 });
    } finally {
      await database.close();
    }
  });
});

describe.each(TEST_DIALECTS)("migration 0033 on $name", (dialect) => {
  it("sums the kept history again, so that every hour holds what to fix and script errors", async () => {
    const database = await dialect.open("0032-speed-summaries");
    try {
      const beacon = sampleBeacon({
        attribution: { lcpElement: "img.hero" },
        errors: [
          { message: "Boom", source: "/assets/root.js", line: 1, column: 1, count: 1, pageName: "sellerHubOverview" },
        ],
      });
      const { pageName, speedSession, tracking: _tracking, resources: _resources, ...figures } = beacon;
      await storeBeacons(database.db, [
        {
          page_name: pageName,
          speed_session: speedSession,
          received_at: NOW,
          seller_id: null,
          metrics: JSON.stringify(figures),
        },
      ]);
      await sumNewBeacons(database);
      // As a build before this one summed it: without what to fix and script errors.
      await database.db
        .updateTable("speed_summary_hour")
        .set({ figures: '{"counts":{"pageViews":1},"histograms":{}}' })
        .execute();
      await migrate(database);
      expect(await database.db.selectFrom("speed_summary_hour").selectAll().execute()).toEqual([]);
      expect(await sumNewBeacons(database)).toEqual({ summed: 1, skipped: 0, mismatched: 0 });
      const [summary] = await database.db.selectFrom("speed_summary_hour").select("figures").execute();
      const { counts } = readStoredFigures(summary!.figures, 0);
      expect(counts.get('fix:["LCP","img.hero"]')).toBe(1);
      expect([...counts.keys()].filter((name) => name.startsWith("error:"))).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
