import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { beaconRequest, sampleBeacon, sampleInAppBeacon } from "../../test/speed-beacons";
import { startSession } from "~/auth/session.server";
import type { Database } from "~/db/database.server";
import { DEMO_USERNAME, seedDemoData } from "~/db/seed.server";
import { BEACONS_PER_MINUTE, collectSpeedBeacon } from "./collect-beacon.server";

const NOW = 1_800_000_000_000;

describe.each(TEST_DIALECTS)("the beacon collector on $name", (dialect) => {
  let database: Database;
  const stored = () => database.db.selectFrom("speed_beacon").selectAll().orderBy("id").execute();
  const storedTracking = () =>
    database.db.selectFrom("tracking_event").select(["page_name", "action", "count", "seller_id", "page_view", "received_at"]).orderBy("id").execute();
  /** The refusal as the beacon's sender receives it. */
  const refusal = (request: Request, now = NOW) =>
    collectSpeedBeacon(database.db, request, now).then(
      () => null,
      async (thrown: Response) => ({ status: thrown.status, reason: await thrown.text(), headers: thrown.headers }),
    );

  beforeAll(async () => {
    database = await dialect.open();
    await seedDemoData(database.db);
  }, 60_000);
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.deleteFrom("speed_beacon").execute();
    await database.db.deleteFrom("tracking_event").execute();
  });

  it("stores a beacon with its page name and speed session, without a seller when nobody is signed in", async () => {
    const beacon = sampleBeacon();
    await collectSpeedBeacon(database.db, beaconRequest(beacon), NOW);
    const [row] = await stored();
    expect(row).toMatchObject({ page_name: "sellerHubOverview", speed_session: beacon.speedSession, seller_id: null, received_at: NOW });
    const { pageName: _pageName, speedSession: _speedSession, tracking: _tracking, ...metrics } = beacon;
    expect(JSON.parse(row?.metrics ?? "")).toEqual(metrics);
  });

  it("stores an in-app navigation's page view under the page it showed", async () => {
    const beacon = sampleInAppBeacon({ pageName: "sellerHubListings" });
    await collectSpeedBeacon(database.db, beaconRequest(beacon), NOW);
    const [row] = await stored();
    expect(row?.page_name).toBe("sellerHubListings");
    expect(JSON.parse(row?.metrics ?? "")).toMatchObject({ kind: "in-app", inAppNavigation: { duration: 640, dataRequest: 210 } });
  });

  it("stores the page view's tracking events in their own table, with the page, the action, the count and the seller", async () => {
    const demo = await database.db.selectFrom("seller").select("id").where("username", "=", DEMO_USERNAME).executeTakeFirstOrThrow();
    const cookie = (await startSession(database.db, demo.id, new Request("http://localhost/signin"))).split(";")[0] as string;
    const beacon = sampleBeacon({
      tracking: [
        { action: "bulkPriceTry", count: 2, pageName: "sellerHubOverview" },
        { action: "openProductInsights", count: 1, pageName: "sellerHubProductSummary" },
      ],
    });
    await collectSpeedBeacon(database.db, beaconRequest(beacon, { Cookie: cookie }), NOW);
    expect(await storedTracking()).toEqual([
      { page_name: "sellerHubOverview", action: "bulkPriceTry", count: 2, seller_id: demo.id, page_view: beacon.pageView, received_at: NOW },
      { page_name: "sellerHubProductSummary", action: "openProductInsights", count: 1, seller_id: demo.id, page_view: beacon.pageView, received_at: NOW },
    ]);
    expect(JSON.parse((await stored())[0]?.metrics ?? "")).not.toHaveProperty("tracking");
  });

  it("attaches the signed-in seller", async () => {
    const demo = await database.db.selectFrom("seller").select("id").where("username", "=", DEMO_USERNAME).executeTakeFirstOrThrow();
    const cookie = (await startSession(database.db, demo.id, new Request("http://localhost/signin"))).split(";")[0] as string;
    await collectSpeedBeacon(database.db, beaconRequest(sampleBeacon(), { Cookie: cookie }), NOW);
    expect((await stored())[0]?.seller_id).toBe(demo.id);
  });

  it("refuses a body that is not JSON, with the reason, and stores nothing", async () => {
    const thrown = await refusal(beaconRequest("{not json"));
    expect(thrown).toMatchObject({ reason: "The request body is not valid JSON.", status: 400 });
    expect(await stored()).toEqual([]);
  });

  it("refuses a beacon that does not fit the schema, saying where", async () => {
    const thrown = await refusal(beaconRequest({ ...sampleBeacon(), pageName: "<script>", resources: "none" }));
    expect(thrown?.status).toBe(400);
    expect(thrown?.reason).toMatch(/^The beacon is malformed: pageName: Expected a page name such as sellerHubOverview; resources: .+\.$/);
    expect(await stored()).toEqual([]);
  });

  it("refuses a beacon whose tracking does not fit the schema, and stores neither the beacon nor its events", async () => {
    const thrown = await refusal(beaconRequest({ ...sampleBeacon(), tracking: [{ action: "", count: 1, pageName: "sellerHubOverview" }] }));
    expect(thrown?.status).toBe(400);
    expect(thrown?.reason).toMatch(/^The beacon is malformed: tracking\.0\.action: /);
    expect(await stored()).toEqual([]);
    expect(await storedTracking()).toEqual([]);
  });

  it("refuses a body over 64 kB with 413 and stores nothing", async () => {
    const thrown = await refusal(beaconRequest({ ...sampleBeacon(), padding: "x".repeat(70_000) }));
    expect(thrown?.status).toBe(413);
    expect(thrown?.reason).toContain("65536 bytes");
    expect(await stored()).toEqual([]);
  });

  it("refuses beacons from other sites", async () => {
    expect(await refusal(beaconRequest(sampleBeacon(), { "Sec-Fetch-Site": "cross-site" }))).toMatchObject({ status: 403 });
    const oldBrowser = beaconRequest(sampleBeacon(), { Origin: "https://evil.example" });
    oldBrowser.headers.delete("Sec-Fetch-Site");
    expect(await refusal(oldBrowser)).toMatchObject({ status: 403 });
    expect(await stored()).toEqual([]);
  });

  it(`accepts ${BEACONS_PER_MINUTE} beacons a minute from one speed session, then answers 429 with Retry-After`, async () => {
    const speedSession = sampleBeacon().speedSession;
    for (let sent = 0; sent < BEACONS_PER_MINUTE; sent++) {
      await collectSpeedBeacon(database.db, beaconRequest(sampleBeacon({ speedSession })), NOW - 45_000 + sent);
    }
    const thrown = await refusal(beaconRequest(sampleBeacon({ speedSession })));
    expect(thrown?.status).toBe(429);
    expect(thrown?.headers.get("Retry-After")).toBe("15");
    expect(await stored()).toHaveLength(BEACONS_PER_MINUTE);

    await collectSpeedBeacon(database.db, beaconRequest(sampleBeacon()), NOW);
    await collectSpeedBeacon(database.db, beaconRequest(sampleBeacon({ speedSession })), NOW + 15_000);
    expect(await stored()).toHaveLength(BEACONS_PER_MINUTE + 2);
  });
});
