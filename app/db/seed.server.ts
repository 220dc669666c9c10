import { sql, type Kysely } from "kysely";
import { hashPassword } from "~/auth/password.server";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { LISTING_CONDITIONS, type ListingCondition, type ListingStatus } from "~/listings/listing-fields";
import type { Database } from "./database.server";
import { addMessage, type MessageFile } from "~/messages/messages.server";
import type { DatabaseSchema, NewListing } from "./schema";
import { SITE_DEMO_LISTINGS, SITE_DEMO_SELLERS, type SiteDemoSeller } from "./site-demo-sellers";
import { addMember, openAccount } from "~/team/accounts.server";
import type { Actor } from "~/activity/activity-kinds";
import { recordActivity } from "~/activity/activity.server";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const DEMO_USERNAME = "demo";
export const DEMO_PASSWORD = "sellerhub";

/** Other sellers' scores cover every star of the chart, and one earns none. */
const OTHER_SELLERS: ReadonlyArray<readonly [username: string, displayName: string, score: number]> = [
  ["newcomer", "Nia Newcomer", 4],
  ["yellow-star", "Yusuf Yellow", 25],
  ["blue-star", "Bea Blue", 75],
  ["turquoise-star", "Tomas Turquoise", 250],
  ["purple-star", "Priya Purple", 750],
  ["green-star", "Gus Green", 7_500],
  ["yellow-shooting-star", "Yara Shooting", 15_000],
  ["turquoise-shooting-star", "Theo Shooting", 30_000],
  ["purple-shooting-star", "Pia Shooting", 75_000],
  ["red-shooting-star", "Rafa Shooting", 250_000],
  ["green-shooting-star", "Gala Shooting", 750_000],
  ["silver-shooting-star", "Sol Silver", 1_500_000],
];

/** [epid, product, typical price in cents] */
const CATALOGUE: ReadonlyArray<readonly [string, string, number]> = [
  ["2254446578", "Apple iPhone 14 128GB Midnight", 52_900],
  ["1905117542", "Sony WH-1000XM5 Wireless Headphones", 27_900],
  ["6047843211", "Nintendo Switch OLED Console", 29_900],
  ["9003271844", "Canon EOS R50 Mirrorless Camera Body", 57_900],
  ["3300198870", "Dyson V11 Cordless Vacuum", 39_900],
  ["7719034412", "LEGO Star Wars Millennium Falcon 75257", 13_900],
  ["1200876543", "Kindle Paperwhite 16GB", 12_900],
  ["5566001234", "Garmin Forerunner 255 GPS Watch", 24_900],
  ["8812450091", "KitchenAid Artisan Stand Mixer 5qt", 32_900],
  ["4409981277", "Samsung Galaxy Tab S9 128GB", 59_900],
  ["6671205548", "Bose SoundLink Flex Speaker", 11_900],
  ["2398745501", "Logitech MX Master 3S Mouse", 8_900],
  ["9087123466", "Apple AirPods Pro 2nd Generation", 19_900],
  ["3456712098", "Vintage Omega Seamaster Watch 1968", 189_000],
  ["7001239845", "Patagonia Nano Puff Jacket Men's M", 15_900],
  ["1122334455", "Le Creuset Dutch Oven 5.5qt Flame", 36_900],
];

/**
 * Titles beyond ASCII for one of the other sellers (red-shooting-star): accents, umlauts and ß,
 * Cyrillic, Japanese and Arabic (right to left), so that search, sort and layout meet them in the
 * demo as sellers on other sites write them. [epid, title, price in cents]
 */
export const WORLD_TITLES: ReadonlyArray<readonly [string, string, number]> = [
  ["8800100201", "Écran Dell 27 pouces UltraSharp", 21_900],
  ["8800100202", "Übergröße Winterjacke, Daunen", 14_900],
  ["8800100203", "Kaffeemühle Zassenhaus, Buchenholz, Großformat", 6_900],
  ["8800100204", "Книга рецептов, издание 1968 года", 2_900],
  ["8800100205", "任天堂スイッチ 有機ELモデル", 29_900],
  ["8800100206", "كتاب الطبخ العربي، طبعة أولى", 3_900],
  ["8800100207", "Ångström Ölkanne, emaljerad", 4_900],
  ["8800100208", "Pokémon Karmesin – Nintendo Switch", 4_500],
];

const WORLD_TITLES_SELLER = "red-shooting-star";

function worldListings(sellerId: number, now: number): NewListing[] {
  return WORLD_TITLES.map(([epid, title, price], index) => ({
    seller_id: sellerId,
    epid,
    title,
    condition: index % 2 ? "used" : "new",
    price: price - 1,
    additional_price: null,
    logistics_cost: 0,
    currency: "USD",
    status: "active",
    banner_status: null,
    quantity: 1 + index,
    sold: index,
    awaiting_shipment: 0,
    created_at: now - index * 60_000,
  }));
}

const STATUSES: ReadonlyArray<ListingStatus> = [
  "active",
  "active",
  "active",
  "active",
  "out_of_stock",
  "scheduled",
  "ended",
];
const BANNERS = [null, null, null, "price_drop", "ending_soon", "best_offer"];

/** Deterministic, so every fresh database holds the same demo (and a test's random data is the same every run). */
export function randomSequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What generated listings are titled and priced in: the products, the currency, the words for conditions. */
export type ListingMarket = Pick<SiteDemoSeller, "catalogue" | "currency" | "conditionWords">;

const US_MARKET: ListingMarket = {
  catalogue: CATALOGUE,
  currency: "USD",
  conditionWords: Object.fromEntries(
    Object.entries(LISTING_CONDITIONS).map(([condition, key]) => [condition, textOfLanguage("en-US").text(key)]),
  ) as Record<ListingCondition, string>,
};

export function generateListings(
  sellerId: number,
  count: number,
  seed: number,
  now = Date.now(),
  market: ListingMarket = US_MARKET,
): NewListing[] {
  const random = randomSequence(seed);
  const pick = <T>(items: ReadonlyArray<T>): T => items[Math.floor(random() * items.length)] as T;
  const conditions = Object.keys(LISTING_CONDITIONS) as ListingCondition[];
  return Array.from({ length: count }, (_, index) => {
    const [epid, product, typicalPrice] = pick(market.catalogue);
    const condition = pick(conditions);
    const discount = { new: 1, open_box: 0.88, refurbished: 0.8, used: 0.65, for_parts: 0.3 }[condition];
    const price = Math.round((typicalPrice * discount * (0.85 + random() * 0.3)) / 100) * 100 - 1;
    const status = pick(STATUSES);
    const quantity = status === "out_of_stock" ? 0 : 1 + Math.floor(random() * 12);
    const sold = Math.floor(random() * 40);
    return {
      seller_id: sellerId,
      epid,
      title: `${product} – ${market.conditionWords[condition]}`,
      condition,
      price,
      additional_price: random() < 0.25 ? Math.round(price * 1.15) : null,
      logistics_cost: random() < 0.4 ? 0 : 499 + Math.floor(random() * 4) * 250,
      currency: market.currency,
      status,
      banner_status: pick(BANNERS),
      quantity,
      sold,
      awaiting_shipment: Math.min(sold, Math.floor(random() * 4)),
      created_at: now - index * 3_600_000 - Math.floor(random() * 3_600_000),
    };
  });
}

export async function insertListings(db: Kysely<DatabaseSchema>, listings: NewListing[]): Promise<void> {
  for (let start = 0; start < listings.length; start += 500) {
    await db
      .insertInto("listing")
      .values(listings.slice(start, start + 500))
      .execute();
  }
}

/**
 * Fills an empty database with the demo; several instances starting together seed it once.
 * On PostgreSQL an advisory lock serialises them. On SQLite a second seeder may fail with
 * SQLITE_BUSY rather than wait, which is why the worker processes' primary seeds once, before
 * any worker starts (scripts/cluster.ts).
 */
export async function seedDemoDataIfEmpty({ db, dialect }: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (dialect === "postgres") await sql`select pg_advisory_xact_lock(hashtext('seller-hub:seed'))`.execute(trx);
    if (await isEmpty(trx)) await insertDemoData(trx);
  });
}

/** Fills an empty database with the demo seller, their listings, the other sellers and the sellers on other sites. */
export async function seedDemoData(db: Kysely<DatabaseSchema>): Promise<void> {
  await db.transaction().execute(insertDemoData);
}

async function insertDemoData(trx: Kysely<DatabaseSchema>): Promise<void> {
  const now = Date.now();
  const sellers = [[DEMO_USERNAME, "Jordan Lee", 1_283] as const, ...OTHER_SELLERS];
  for (const [index, [username, displayName, feedbackScore]] of sellers.entries()) {
    const owner = await insertDemoSeller(trx, { username, displayName, feedbackScore, ...US_SITE }, now);
    const id = owner.sellerId;
    await insertListings(trx, generateListings(id, username === DEMO_USERNAME ? 160 : 20, index + 1, now));
    if (username === DEMO_USERNAME) await addDemoTeam(trx, owner, now);
    if (username === WORLD_TITLES_SELLER) await insertListings(trx, worldListings(id, now));
  }
  for (const [index, seller] of SITE_DEMO_SELLERS.entries()) {
    const { sellerId: id } = await insertDemoSeller(trx, seller, now);
    await insertListings(trx, generateListings(id, SITE_DEMO_LISTINGS, 101 + index, now, seller));
  }
  for (const message of DEMO_MESSAGES) {
    const added = await addMessage(trx, message, now);
    if (!added.ok) throw new Error(`A demo message is invalid: ${added.reasons.join("; ")}`);
  }
}

/** The demo account's team besides its owner (decision 086), with the demo's password: one of each other role. */
export const DEMO_TEAM = [
  { username: "demo-manager", displayName: "Sam Rivera", role: "manager" },
  { username: "demo-viewer", displayName: "Alex Kim", role: "viewer" },
] as const;

const US_SITE = { site: "EBAY_US", locale: "en-US", currency: "USD" } as const;

/**
 * The demo account's team, invited by its owner two days ago and joined an hour later, as the
 * activity log tells of it: the log of a demo is not empty.
 */
async function addDemoTeam(trx: Kysely<DatabaseSchema>, owner: Actor, now: number): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const invitedAt = now - 2 * DAY_MS;
  for (const [index, member] of DEMO_TEAM.entries()) {
    const { username, role } = member;
    await recordActivity(trx, owner, "member-invited", { username, role }, invitedAt + index);
    const memberId = await addMember(trx, owner.sellerId, { ...member, passwordHash }, now);
    const joined = { sellerId: owner.sellerId, memberId };
    await recordActivity(trx, joined, "member-joined", { role }, invitedAt + HOUR_MS + index);
  }
}

/** A demo seller (an account and its owner), with the demo's password and a store of their name. */
async function insertDemoSeller(
  trx: Kysely<DatabaseSchema>,
  seller: Pick<SiteDemoSeller, "username" | "displayName" | "feedbackScore" | "site" | "locale" | "currency">,
  now: number,
): Promise<Actor> {
  return openAccount(
    trx,
    {
      username: seller.username,
      display_name: seller.displayName,
      feedback_score: seller.feedbackScore,
      store_url: `https://stores.example.com/${seller.username}`,
      site: seller.site,
      locale: seller.locale,
      currency: seller.currency,
      created_at: now,
    },
    await hashPassword(DEMO_PASSWORD),
  );
}

/**
 * The demo seller's messages, one of each inline kind. No dialog: a modal at load would stand in
 * front of everything else on the demo overview.
 */
export const DEMO_MESSAGES: MessageFile[] = [
  {
    audience: { seller: DEMO_USERNAME },
    model: {
      title: "Confirm your tax details",
      type: "alert",
      messageType: "COMPLIANCE",
      content: [
        {
          textSpans: [
            { text: "Payouts pause at the " },
            { text: "end of this month", styles: ["BOLD"] },
            { text: " unless your tax details are confirmed. It takes about five minutes." },
          ],
        },
      ],
      controls: [
        {
          name: "taxHelp",
          text: "How to confirm your tax details",
          action: {
            type: "NAV",
            URL: "https://www.example.com/help/tax-details",
            newWindow: true,
            tracking: { eventAction: "taxHelp" },
          },
        },
        { name: "cross", accessibilityText: "Dismiss the tax details alert" },
      ],
      config: { maxDismissal: 3 },
    },
  },
  {
    audience: { seller: DEMO_USERNAME },
    model: {
      title: "New: change prices in bulk",
      type: "info",
      messageType: "FEATURE",
      content: [
        { text: "Select several listings and change their prices in one go, by an amount or a percentage." },
        {
          textSpans: [
            {
              text: "Try bulk price changes",
              action: { type: "NAV", URL: "/sh/lst/active#change-prices", tracking: { eventAction: "bulkPriceTry" } },
            },
            { text: " on your listings page." },
          ],
        },
      ],
      controls: [{ name: "cross", accessibilityText: "Dismiss the bulk price news" }],
      config: { maxViews: 5, permanent: true },
    },
  },
  {
    audience: { seller: DEMO_USERNAME },
    model: {
      title: "Payout account verified",
      type: "success",
      messageType: "ACCOUNT",
      message: "Your next payouts go to the account ending 4821.",
      controls: [{ name: "cross", accessibilityText: "Dismiss the payout account message" }],
      config: { permanent: true },
    },
  },
];

export async function isEmpty(db: Kysely<DatabaseSchema>): Promise<boolean> {
  return (await db.selectFrom("seller").select("id").limit(1).executeTakeFirst()) === undefined;
}
