import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller, testListing } from "../../test/listings";
import { queryPlan } from "../../test/query-plan";
import { openDatabase, type Database } from "~/db/database.server";
import type { Seller } from "~/db/schema";
import { generateListings, insertListings } from "~/db/seed.server";
import { sellerTotalsQuery, summariseSellerActivity } from "./overview.server";

async function sellerNamed(database: Database, username: string): Promise<Seller> {
  const id = await insertSeller(database.db, username);
  return database.db.selectFrom("seller").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

describe.each(TEST_DIALECTS)("the overview's figures on $name", (dialect) => {
  let database: Database;
  let seller: Seller;

  beforeAll(async () => {
    database = await dialect.open();
    seller = await sellerNamed(database, "overview");
    const other = await sellerNamed(database, "someone-else");
    await insertListings(database.db, [
      testListing(seller.id, {
        title: "Kindle",
        status: "active",
        price: 10_000,
        sold: 3,
        awaiting_shipment: 1,
        created_at: 1,
      }),
      testListing(seller.id, {
        title: "Dyson",
        status: "out_of_stock",
        price: 40_000,
        sold: 2,
        awaiting_shipment: 2,
        created_at: 2,
      }),
      testListing(seller.id, { title: "Bose", status: "ended", price: 5_000, sold: 1, created_at: 3 }),
      testListing(other.id, {
        title: "Not theirs",
        status: "active",
        price: 99_999,
        sold: 50,
        awaiting_shipment: 9,
        created_at: 4,
      }),
    ]);
  }, 60_000);
  afterAll(() => database.close());

  it("sums only the seller's own listings", async () => {
    const summary = await summariseSellerActivity(database.db, seller);
    expect(summary).toMatchObject({
      activeListings: 1,
      outOfStock: 1,
      unitsSold: 6,
      salesValue: 3 * 10_000 + 2 * 40_000 + 5_000,
      awaitingShipment: 3,
    });
    expect(summary.recentListings.map((listing) => listing.title)).toEqual(["Bose", "Dyson", "Kindle"]);
  });
});

describe("the overview's sums on SQLite", () => {
  let database: Database;
  let seller: number;

  beforeAll(async () => {
    database = await openDatabase("sqlite::memory:");
    seller = await insertSeller(database.db, "planned");
    await insertListings(database.db, generateListings(seller, 1_000, 5));
  });
  afterAll(() => database.close());

  it("are read from the seller's few tally rows by their key, not from the listings", async () => {
    const plan = await queryPlan(database, sellerTotalsQuery(database.db, seller));
    expect(plan.split("\n")).toEqual([expect.stringMatching(/^SEARCH listing_tally USING .*\(seller_id=\?\)$/)]);
  });
});
