import * as fc from "fast-check";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller, insertSellerBeforeMembers, testListing } from "../../test/listings";
import { migrate, type Database } from "~/db/database.server";
import type { DatabaseSchema, NewListing } from "~/db/schema";
import { generateListings, insertListings } from "~/db/seed.server";
import { summariseSellerActivity } from "~/overview/overview.server";
import { LISTING_CONDITIONS, LISTING_STATUSES } from "./listing-fields";
import { parseListingFilters } from "./listing-filters";
import { findListingsPage } from "./listings.server";

type Db = Kysely<DatabaseSchema>;

/** What `listing_tally` should hold: every seller's listings counted and summed afresh. */
async function recount(db: Db) {
  const rows = await db
    .selectFrom("listing")
    .select((eb) => [
      "seller_id",
      "status",
      "condition",
      eb.fn.countAll<number>().as("listings"),
      eb.fn.sum<number>("sold").as("sold"),
      eb.fn.sum<number>(sql`cast(price as bigint) * sold`).as("sales_value"),
      eb.fn.sum<number>("awaiting_shipment").as("awaiting_shipment"),
    ])
    .groupBy(["seller_id", "status", "condition"])
    .orderBy("seller_id")
    .orderBy("status")
    .orderBy("condition")
    .execute();
  // PostgreSQL answers a sum of bigints as a numeric, which pg reads as a string.
  return rows.map((row) => ({
    ...row,
    listings: Number(row.listings),
    sold: Number(row.sold),
    sales_value: Number(row.sales_value),
    awaiting_shipment: Number(row.awaiting_shipment),
  }));
}

async function expectTalliesToEqualRecount(db: Db): Promise<void> {
  const tallies = await db
    .selectFrom("listing_tally")
    .selectAll()
    .orderBy("seller_id")
    .orderBy("status")
    .orderBy("condition")
    .execute();
  expect(tallies).toEqual(await recount(db));
}

const totalShown = async (database: Database, sellerId: number, query: string) =>
  (await findListingsPage(database, sellerId, parseListingFilters(new URLSearchParams(query)))).total;

/** The figures the seller sees: the listings page's totals, with and without filters, and the overview's sums. */
async function figuresShown(database: Database, sellerId: number) {
  const { db } = database;
  const seller = await db.selectFrom("seller").selectAll().where("id", "=", sellerId).executeTakeFirstOrThrow();
  const { recentListings: _, ...overview } = await summariseSellerActivity(db, seller);
  return {
    listings: await totalShown(database, sellerId, ""),
    endedListings: await totalShown(database, sellerId, "status=ended"),
    usedListings: await totalShown(database, sellerId, "condition=used"),
    activeNewListings: await totalShown(database, sellerId, "status=active&condition=new"),
    ...overview,
  };
}

/** The same figures worked out here from the seller's listings as they are. */
async function figuresOfListings(db: Db, sellerId: number) {
  const listings = await db.selectFrom("listing").selectAll().where("seller_id", "=", sellerId).execute();
  const count = (keep: (listing: (typeof listings)[number]) => boolean) => listings.filter(keep).length;
  const sum = (figure: (listing: (typeof listings)[number]) => number) =>
    listings.reduce((total, listing) => total + figure(listing), 0);
  return {
    listings: listings.length,
    endedListings: count((listing) => listing.status === "ended"),
    usedListings: count((listing) => listing.condition === "used"),
    activeNewListings: count((listing) => listing.status === "active" && listing.condition === "new"),
    activeListings: count((listing) => listing.status === "active"),
    outOfStock: count((listing) => listing.status === "out_of_stock"),
    unitsSold: sum((listing) => listing.sold),
    salesValue: sum((listing) => listing.price * listing.sold),
    awaitingShipment: sum((listing) => listing.awaiting_shipment),
  };
}

async function expectFiguresShownToEqualListings(database: Database, sellerIds: number[]): Promise<void> {
  for (const sellerId of sellerIds)
    expect(await figuresShown(database, sellerId)).toEqual(await figuresOfListings(database.db, sellerId));
}

describe.each(TEST_DIALECTS)("the listing tallies on $name", (dialect) => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await dialect.open();
    db = database.db;
  });
  afterAll(() => database.close());

  it("follow inserts, moves between status, condition and seller, price and sales changes, and deletes", async () => {
    const alice = await insertSeller(db, "alice");
    const bob = await insertSeller(db, "bob");
    const idOf = async (title: string) =>
      (await db.selectFrom("listing").select("id").where("title", "=", title).executeTakeFirstOrThrow()).id;
    const change = async (title: string, values: Partial<NewListing>) =>
      db
        .updateTable("listing")
        .set(values)
        .where("id", "=", await idOf(title))
        .execute();
    const aliceSees = () => figuresShown(database, alice);
    const check = () =>
      Promise.all([expectTalliesToEqualRecount(db), expectFiguresShownToEqualListings(database, [alice, bob])]);

    await insertListings(db, [
      testListing(alice, {
        title: "Kindle",
        status: "active",
        condition: "new",
        price: 10_000,
        sold: 3,
        awaiting_shipment: 1,
      }),
      testListing(alice, { title: "Dyson", status: "active", condition: "used", price: 5_000 }),
      testListing(alice, {
        title: "Bose",
        status: "out_of_stock",
        condition: "new",
        price: 20_000,
        sold: 2,
        awaiting_shipment: 2,
      }),
      // 19 million cents × 200 sold: more than PostgreSQL's integer holds.
      testListing(bob, { title: "Omega", status: "active", condition: "used", price: 19_000_000, sold: 200 }),
    ]);
    expect(await aliceSees()).toMatchObject({
      listings: 3,
      activeNewListings: 1,
      activeListings: 2,
      outOfStock: 1,
      unitsSold: 5,
      salesValue: 70_000,
      awaitingShipment: 3,
    });
    expect(await figuresShown(database, bob)).toMatchObject({ listings: 1, salesValue: 3_800_000_000 });
    await check();

    await change("Dyson", { status: "ended" });
    expect(await aliceSees()).toMatchObject({ listings: 3, endedListings: 1, activeListings: 1 });
    await change("Kindle", { condition: "refurbished" });
    expect(await aliceSees()).toMatchObject({ listings: 3, activeNewListings: 0, activeListings: 1 });
    await change("Kindle", { price: 12_000, sold: 5, awaiting_shipment: 0 });
    expect(await aliceSees()).toMatchObject({ unitsSold: 7, salesValue: 5 * 12_000 + 2 * 20_000, awaitingShipment: 2 });
    await change("Bose", { title: "Bose SoundLink" });
    await check();

    await change("Dyson", { seller_id: bob, status: "active", condition: "new" });
    expect(await aliceSees()).toMatchObject({ listings: 2, endedListings: 0 });
    expect(await figuresShown(database, bob)).toMatchObject({ listings: 2, activeNewListings: 1, usedListings: 1 });
    await db.updateTable("listing").set({ status: "scheduled" }).where("seller_id", "=", alice).execute();
    expect(await aliceSees()).toMatchObject({ listings: 2, activeListings: 0, outOfStock: 0, unitsSold: 7 });
    await check();

    await db
      .deleteFrom("listing")
      .where("id", "=", await idOf("Kindle"))
      .execute();
    expect(await aliceSees()).toMatchObject({ listings: 1, unitsSold: 2, salesValue: 40_000 });
    await check();
    await db.deleteFrom("seller").where("id", "=", bob).execute();
    await expectTalliesToEqualRecount(db);
    expect(await db.selectFrom("listing_tally").select("seller_id").distinct().execute()).toEqual([
      { seller_id: alice },
    ]);
  });

  it("stay exact when many writes to one seller's listings run at once", async () => {
    const seller = await insertSeller(db, "busy");
    await insertListings(db, generateListings(seller, 60, 21));
    const ids = (
      await db.selectFrom("listing").select("id").where("seller_id", "=", seller).orderBy("id").execute()
    ).map((row) => row.id);
    const statuses = Object.keys(LISTING_STATUSES);
    // Each write on its own connection (PostgreSQL's pool holds ten): listings moving both ways
    // between the same tally rows, sold, deleted and added, all at once.
    await Promise.all([
      ...ids.slice(0, 40).map((id, index) =>
        db
          .updateTable("listing")
          .set({ status: statuses[index % statuses.length] as string })
          .where("id", "=", id)
          .execute(),
      ),
      ...ids.slice(40, 50).map((id) =>
        db
          .updateTable("listing")
          .set((eb) => ({ sold: eb("sold", "+", 1) }))
          .where("id", "=", id)
          .execute(),
      ),
      ...ids.slice(50).map((id) => db.deleteFrom("listing").where("id", "=", id).execute()),
      ...generateListings(seller, 20, 22).map((listing) => db.insertInto("listing").values(listing).execute()),
    ]);
    await expectTalliesToEqualRecount(db);
    await expectFiguresShownToEqualListings(database, [seller]);
  });

  // PostgreSQL's TRUNCATE fires no delete trigger; SQLite has none, and its DELETE without WHERE still fires them.
  it("empty with the listings when the whole table is emptied in one statement", async () => {
    await insertListings(db, [testListing(await insertSeller(db, "emptied"))]);
    await (dialect.name === "PostgreSQL" ? sql`truncate listing` : sql`delete from listing`).execute(db);
    expect(await db.selectFrom("listing_tally").selectAll().execute()).toEqual([]);
  });
});

const STATUSES = Object.keys(LISTING_STATUSES);
const CONDITIONS = Object.keys(LISTING_CONDITIONS);
const SELLERS = 3;

/** A seller by their place in `sellerIds`. */
const anySeller = fc.nat({ max: SELLERS - 1 });
const listingFigures = {
  status: fc.constantFrom(...STATUSES),
  condition: fc.constantFrom(...CONDITIONS),
  price: fc.integer({ min: 0, max: 50_000_000 }),
  sold: fc.nat({ max: 500 }),
  awaiting_shipment: fc.nat({ max: 20 }),
};
/** Which listings a write touches: one, by its place in id order, or a seller's, of one status or all. */
const which = fc.oneof(
  fc.record({ nth: fc.nat({ max: 12 }) }),
  fc.record({ seller: anySeller, status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }) }),
);
const write = fc.oneof(
  fc.record({ insert: fc.array(fc.record({ seller: anySeller, ...listingFigures }), { minLength: 1, maxLength: 4 }) }),
  fc.record({ update: which, set: fc.record({ seller: anySeller, ...listingFigures }, { requiredKeys: [] }) }),
  fc.record({ delete: which }),
);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;
type Which = typeof which extends fc.Arbitrary<infer T> ? T : never;

function whereWhich(db: Db, sellerIds: number[], chosen: Which) {
  return (eb: ExpressionBuilder<DatabaseSchema, "listing">) =>
    "nth" in chosen
      ? eb("id", "in", db.selectFrom("listing").select("id").orderBy("id").limit(1).offset(chosen.nth))
      : eb.and({ seller_id: sellerIds[chosen.seller] as number, ...(chosen.status && { status: chosen.status }) });
}

async function apply(db: Db, sellerIds: number[], change: Write): Promise<void> {
  if ("insert" in change) {
    await db
      .insertInto("listing")
      .values(change.insert.map(({ seller, ...figures }) => testListing(sellerIds[seller] as number, figures)))
      .execute();
  } else if ("update" in change) {
    const { seller, ...figures } = change.set;
    // The title, which counts for nothing, is always edited: alone, it must change no figure.
    const values = {
      title: "Edited",
      ...figures,
      ...(seller !== undefined && { seller_id: sellerIds[seller] as number }),
    };
    await db
      .updateTable("listing")
      .set(values)
      .where(whereWhich(db, sellerIds, change.update))
      .execute();
  } else {
    await db
      .deleteFrom("listing")
      .where(whereWhich(db, sellerIds, change.delete))
      .execute();
  }
}

describe.each(TEST_DIALECTS)("the listing tallies on $name, whatever the writes", (dialect) => {
  let database: Database;
  let sellerIds: number[];

  beforeAll(async () => {
    database = await dialect.open();
    sellerIds = [];
    for (let index = 0; index < SELLERS; index++) sellerIds.push(await insertSeller(database.db, `seller-${index}`));
  });
  afterAll(() => database.close());

  it("equal a recount of the listings after any sequence of inserts, updates and deletes, one listing or many at a time", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { maxLength: 16 }), async (writes) => {
        await database.db.deleteFrom("listing").execute();
        for (const change of writes) await apply(database.db, sellerIds, change);
        await expectTalliesToEqualRecount(database.db);
        await expectFiguresShownToEqualListings(database, sellerIds);
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});

describe.each(TEST_DIALECTS)("migration 0008 on $name", (dialect) => {
  it("tallies the listings that were there before it", async () => {
    const database = await dialect.open("0007-overview-totals-index");
    try {
      const sellerIds = [
        await insertSellerBeforeMembers(database.db, "long-standing"),
        await insertSellerBeforeMembers(database.db, "neighbour"),
      ];
      await insertListings(database.db, [
        ...generateListings(sellerIds[0] as number, 2_000, 31),
        ...generateListings(sellerIds[1] as number, 300, 32),
      ]);
      await migrate(database);
      await expectTalliesToEqualRecount(database.db);
      await expectFiguresShownToEqualListings(database, sellerIds);
    } finally {
      await database.close();
    }
  }, 60_000);
});
