import type { Kysely } from "kysely";
import type { Database } from "../app/db/database.server";
import { chooseAppearance } from "../app/appearance/appearance.server";
import type { DatabaseSchema, NewSeller } from "../app/db/schema.ts";
import type { SpeedBeacon } from "../app/site-speed/beacon-schema";
import { sumNewBeacons } from "../app/site-speed/sum-beacons.server";
import { addMember, openAccount } from "../app/team/accounts.server";
import { sampleBeacon, storeBeacons } from "../test/speed-beacons";

/**
 * Accounts of journeys that need one no other test signs in to, with no listings: a sessions
 * journey that signs its member's other sessions out must find none of another test's there (the
 * demo's owner is signed in by many tests at once), the dashboard's pinned figures must be the
 * only page views of theirs (another test browsing as the same seller adds its own), a tracked
 * click the only one counted, and the side area's count of messages must change only by the
 * journey's own (the inline seller's other tests add and remove theirs at the same time, in the
 * other worker).
 */
export const OWN_ACCOUNTS = [
  "messages-count",
  "sessions-keys",
  "sessions-nojs",
  "sessions-phone",
  "speed-shapes",
  "speed-regressions",
  "speed-releases",
  "speed-summed",
  "speed-tracking",
] as const;

/** The account whose one tracked click the dashboard's tracking table must count: no other test browses as it. */
export const TRACKING_SELLER = "speed-tracking" satisfies (typeof OWN_ACCOUNTS)[number];

/**
 * A viewer of an account of their own who chose the dark appearance on a light system: what the
 * hub draws for them, a refusal included, must be dark by their choice, not by the browser's.
 */
export const DARK_VIEWER = {
  account: "team-dark",
  username: "team-dark-viewer",
  name: "Kai Ōta",
  owner: "Own account team-dark",
} as const;

/**
 * The accounts whose last two weeks were made slower (addSlowerWeek): one per journey, so that
 * each journey's own page views, which the dashboard counts as it is browsed, meet no other's.
 */
export const SLOWER_WEEK_ACCOUNTS = ["speed-regressions", "speed-releases"] as const;

export async function addOwnAccounts(db: Kysely<DatabaseSchema>, passwordHash: string): Promise<void> {
  for (const username of OWN_ACCOUNTS) await openAccount(db, ownAccount(username), passwordHash);
  const { sellerId } = await openAccount(db, ownAccount(DARK_VIEWER.account), passwordHash);
  const viewer = await addMember(db, sellerId, {
    username: DARK_VIEWER.username,
    displayName: DARK_VIEWER.name,
    passwordHash,
    role: "viewer",
  });
  await chooseAppearance(db, viewer, "dark");
}

function ownAccount(username: string): NewSeller {
  return {
    username,
    display_name: `Own account ${username}`,
    feedback_score: 10,
    store_url: `https://stores.example.com/${username}`,
    site: "EBAY_US",
    locale: "en-US",
    currency: "USD",
    created_at: Date.now(),
  };
}

/** Page views a week: 40 in the 7 days before and 40 in the last 7, each week's LCP 1.2 s to 2.0 s, then 2.4 s to 3.2 s. */
const SLOWER_WEEK_VIEWS = 40;
/** The releases that served those two weeks: the tests compare them. */
export const SLOWER_WEEK_RELEASES = { weekBefore: "2026.11.13", thisWeek: "2026.11.20" } as const;
const DAY_MS = 86_400_000;

/**
 * One of SLOWER_WEEK_ACCOUNTS' last two weeks, stored as the collector stores them: its listings
 * got slower (the dashboard flags them first), its overview did not. Stored here, at the server's
 * start, since the collector dates a beacon when it arrives.
 */
export async function addSlowerWeek(
  db: Kysely<DatabaseSchema>,
  username: (typeof SLOWER_WEEK_ACCOUNTS)[number],
  now = Date.now(),
): Promise<void> {
  const { id } = await db.selectFrom("seller").select("id").where("username", "=", username).executeTakeFirstOrThrow();
  const stored = (pageName: string, lcp: number, receivedAt: number) =>
    storedBeacon(
      sampleBeacon({
        pageName,
        // Each week's page views came from a release of its own.
        release: receivedAt < now - 7 * DAY_MS ? SLOWER_WEEK_RELEASES.weekBefore : SLOWER_WEEK_RELEASES.thisWeek,
        vitals: { LCP: lcp, FCP: 900, TTFB: 80 },
      }),
      id,
      receivedAt,
    );
  await storeBeacons(
    db,
    Array.from({ length: SLOWER_WEEK_VIEWS }, (_, index) => [
      stored("sellerHubActiveListings", 1200 + 20 * index, now - 9 * DAY_MS),
      stored("sellerHubActiveListings", 2400 + 20 * index, now - DAY_MS),
      stored("sellerHubOverview", 1200 + 20 * index, now - 9 * DAY_MS),
      stored("sellerHubOverview", 1200 + 20 * index, now - DAY_MS),
    ]).flat(),
  );
}

/** A beacon as the collector stores it for the seller, received at `receivedAt`. */
function storedBeacon(beacon: SpeedBeacon, sellerId: number, receivedAt: number) {
  const { pageName, speedSession, resources, tracking: _tracking, ...metrics } = beacon;
  return {
    page_name: pageName,
    seller_id: sellerId,
    speed_session: speedSession,
    // A documentation address (RFC 5737): the tests' own browsers, on 127.0.0.1, keep their limits to themselves.
    client: "192.0.2.1",
    received_at: receivedAt,
    metrics: JSON.stringify(metrics),
    resources: JSON.stringify(resources),
  };
}

/** An account whose last 24 hours were summed and whose raw beacons then expired: the releases that served them. */
export const SUMMED_DAY = {
  account: "speed-summed",
  releases: { older: "2026.11.26", newer: "2026.11.27" },
  /** Its listings' page views: 12, LCP 3.0 s each, 6 under each release. */
  listingsViews: 12,
  lcpElement: "img.ürün-foto",
  inpTarget: "button#kaydet",
  inpScript: "/assets/listings.js:saveDraft",
  error: "TypeError: ürün is undefined",
  /** One page view three days ago: in a closed day, which the 30 days read from the days' sums. */
  daysAgoPage: "sellerHubBulkPriceChoose",
} as const;

/**
 * SUMMED_DAY's account's last 24 hours and a page view three days ago, summed into hours as
 * housekeeping sums them, then its raw beacons deleted as if expired: the dashboard must show every
 * figure from the sums alone.
 */
export async function addSummedDay(database: Database, now = Date.now()): Promise<void> {
  const { db } = database;
  const { id } = await db
    .selectFrom("seller")
    .select("id")
    .where("username", "=", SUMMED_DAY.account)
    .executeTakeFirstOrThrow();
  const stored = (beacon: SpeedBeacon, receivedAt: number) => storedBeacon(beacon, id, receivedAt);
  await storeBeacons(db, [
    ...Array.from({ length: SUMMED_DAY.listingsViews }, (_, index) =>
      stored(
        sampleBeacon({
          pageName: "sellerHubActiveListings",
          release: index % 2 === 0 ? SUMMED_DAY.releases.older : SUMMED_DAY.releases.newer,
          vitals: { LCP: 3000, INP: 240, CLS: 0.02, FCP: 900, TTFB: 80 },
          attribution: {
            lcpElement: SUMMED_DAY.lcpElement,
            inpTarget: SUMMED_DAY.inpTarget,
            inpScript: SUMMED_DAY.inpScript,
          },
          errors: [
            {
              message: SUMMED_DAY.error,
              source: "/assets/listings.js",
              line: 12,
              column: 7,
              count: 2,
              pageName: "sellerHubActiveListings",
            },
          ],
        }),
        // An hour apart, the older release first: from 14 hours ago to 3 hours ago.
        now - (14 - index) * 3_600_000,
      ),
    ),
    stored(sampleBeacon({ pageName: SUMMED_DAY.daysAgoPage }), now - 3 * 24 * 3_600_000),
  ]);
  await sumNewBeacons(database);
  await db.deleteFrom("speed_beacon").where("seller_id", "=", id).execute();
}
