import type { Kysely } from "kysely";
import { chooseAppearance } from "../app/appearance/appearance.server";
import type { DatabaseSchema, NewSeller } from "../app/db/schema.ts";
import { addMember, openAccount } from "../app/team/accounts.server";
import { sampleBeacon } from "../test/speed-beacons";

/**
 * Accounts of journeys that need one no other test signs in to, with no listings: a sessions
 * journey that signs its member's other sessions out must find none of another test's there (the
 * demo's owner is signed in by many tests at once), and the dashboard's pinned figures must be
 * the only page views of theirs (another test browsing as the same seller adds its own).
 */
export const OWN_ACCOUNTS = [
  "sessions-keys",
  "sessions-nojs",
  "sessions-phone",
  "speed-shapes",
  "speed-regressions",
  "speed-releases",
] as const;

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
  const stored = (pageName: string, lcp: number, receivedAt: number) => {
    const {
      pageName: _pageName,
      speedSession,
      resources,
      tracking: _tracking,
      ...metrics
    } = sampleBeacon({
      pageName,
      // Each week's page views came from a release of its own.
      release: receivedAt < now - 7 * DAY_MS ? SLOWER_WEEK_RELEASES.weekBefore : SLOWER_WEEK_RELEASES.thisWeek,
      vitals: { LCP: lcp, FCP: 900, TTFB: 80 },
    });
    return {
      page_name: pageName,
      seller_id: id,
      speed_session: speedSession,
      // A documentation address (RFC 5737): the tests' own browsers, on 127.0.0.1, keep their limits to themselves.
      client: "192.0.2.1",
      received_at: receivedAt,
      metrics: JSON.stringify(metrics),
      resources: JSON.stringify(resources),
    };
  };
  await db
    .insertInto("speed_beacon")
    .values(
      Array.from({ length: SLOWER_WEEK_VIEWS }, (_, index) => [
        stored("sellerHubActiveListings", 1200 + 20 * index, now - 9 * DAY_MS),
        stored("sellerHubActiveListings", 2400 + 20 * index, now - DAY_MS),
        stored("sellerHubOverview", 1200 + 20 * index, now - 9 * DAY_MS),
        stored("sellerHubOverview", 1200 + 20 * index, now - DAY_MS),
      ]).flat(),
    )
    .execute();
}
