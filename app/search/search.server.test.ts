import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller, ownerOf, testListing } from "../../test/listings";
import type { Database } from "~/db/database.server";
import { insertListings } from "~/db/seed.server";
import { queryPlan } from "../../test/query-plan";
import { LISTINGS_TOOL, optBackIn, recordOptOut } from "~/opt-out/opt-out.server";
import { COUNTED_AT_MOST, listingsOfProduct, searchHub, type SearchRange } from "./search.server";

describe.each(TEST_DIALECTS)("searching the hub on $name", (dialect) => {
  let database: Database;
  let seller: number;
  let other: number;
  let kindleId: number;
  const search = (text: string, sellerId = seller, options: SearchRange = { limit: 5, role: "owner" }) =>
    searchHub(database, sellerId, text, options);
  const titles = (listings: Array<{ title: string }>) => listings.map((listing) => listing.title);

  beforeAll(async () => {
    database = await dialect.open();
    seller = await insertSeller(database.db, "searcher");
    other = await insertSeller(database.db, "someone-else");
    await insertListings(database.db, [
      testListing(seller, { title: "Kindle Paperwhite 16GB", epid: "2254397001", created_at: 3 }),
      testListing(seller, { title: "Nikon F3 body", epid: "1100200300", created_at: 2 }),
      testListing(seller, { title: "Nikon F3 lens cap", epid: "1100200300", created_at: 1 }),
      testListing(other, { title: "Kindle Scribe", epid: "2254397001", created_at: 4 }),
      testListing(other, { title: "Polaroid SX-70", epid: "9988776655", created_at: 5 }),
    ]);
    const kindle = await database.db
      .selectFrom("listing")
      .select("id")
      .where("title", "=", "Kindle Paperwhite 16GB")
      .executeTakeFirstOrThrow();
    kindleId = kindle.id;
    await database.db
      .insertInto("message")
      .values([
        {
          seller_id: seller,
          model: JSON.stringify({ title: "Confirm your tax details", type: "alert", message: "Before July." }),
          starts_at: 0,
          ends_at: null,
          created_at: 0,
        },
        {
          seller_id: other,
          model: JSON.stringify({ title: "Your tax form is late", type: "alert", message: "Now." }),
          starts_at: 0,
          ends_at: null,
          created_at: 0,
        },
      ])
      .execute();
  }, 60_000);
  afterAll(() => database.close());

  it("finds the seller's listings by a word of their title, newest first, with price, status and condition", async () => {
    const { listings } = await search("nikon");
    expect(titles(listings.byTitle)).toEqual(["Nikon F3 body", "Nikon F3 lens cap"]);
    expect(listings.byTitle[0]).toMatchObject({ price: 10_000, currency: "USD", status: "active", condition: "new" });
    expect(listings.titleCount).toEqual({ total: 2, isMore: false });
  });

  it("offers a member only the pages their role may open (decision 086)", async () => {
    const urls = async (role: SearchRange["role"]) =>
      (await search("switch tools", seller, { limit: 5, role })).pages.map((page) => page.url);
    expect(await urls("owner")).toContain("/sh/optout");
    expect(await urls("manager")).not.toContain("/sh/optout");
    expect(await urls("viewer")).not.toContain("/sh/optout");
    expect((await search("site speed", seller, { limit: 5, role: "viewer" })).pages.map((page) => page.url)).toContain(
      "/sh/perf",
    );
  });

  it("finds a listing by its number and listings by their product's ePID, first", async () => {
    expect(titles((await search(String(kindleId))).listings.byNumber)).toEqual(["Kindle Paperwhite 16GB"]);
    expect(titles((await search("1100200300")).listings.byNumber)).toEqual(["Nikon F3 lens cap", "Nikon F3 body"]);
  });

  it("never finds another seller's listings or messages, by title, number or ePID", async () => {
    expect(titles((await search("kindle")).listings.byTitle)).toEqual(["Kindle Paperwhite 16GB"]);
    expect((await search("polaroid")).listings.byTitle).toEqual([]);
    expect((await search("9988776655")).listings.byNumber).toEqual([]);
    const otherListing = await database.db
      .selectFrom("listing")
      .select("id")
      .where("title", "=", "Polaroid SX-70")
      .executeTakeFirstOrThrow();
    expect((await search(String(otherListing.id))).listings.byNumber).toEqual([]);
    expect((await search("2254397001")).listings.byNumber.map((listing) => listing.id)).toEqual([kindleId]);
    expect((await search("tax")).messages.map((message) => message.title)).toEqual(["Confirm your tax details"]);
  });

  it("finds the hub's pages by their labels and by the words sellers use", async () => {
    expect((await search("site speed")).pages[0]).toEqual({
      label: "Site speed",
      url: "/sh/perf",
      section: "Performance",
    });
    expect((await search("out of stock")).pages[0]?.url).toBe("/sh/lst/active?status=out_of_stock");
    expect((await search("sold out")).pages[0]?.url).toBe("/sh/lst/active?status=out_of_stock");
    expect((await search("switch tools")).pages[0]?.url).toBe("/sh/optout");
  });

  it("offers no message the seller has closed for good, as the overview shows none", async () => {
    const reader = await insertSeller(database.db, `reader-${dialect.name}`);
    await database.db
      .insertInto("message")
      .values({
        seller_id: reader,
        model: JSON.stringify({
          title: "Shipping rates change in May",
          type: "info",
          message: "Check your rates.",
          config: { messageId: "rates", permanent: true },
        }),
        starts_at: 0,
        ends_at: null,
        created_at: 0,
      })
      .execute();
    const found = async (cookieHeader?: string) =>
      (await searchHub(database, reader, "shipping rates", { role: "owner", limit: 5, cookieHeader })).messages.map(
        (m) => m.title,
      );
    expect(await found()).toEqual(["Shipping rates change in May"]);
    expect(await found("shui-messages-rates-dismissalLeft=0")).toEqual([]);
  });

  it("offers a seller on the previous listings tool none of the new tool's listings or pages, which would send them away", async () => {
    const switched = await insertSeller(database.db, `switched-${dialect.name}`);
    await insertListings(database.db, [testListing(switched, { title: "Kindle Oasis", epid: "2254397002" })]);
    await recordOptOut(database.db, await ownerOf(database, switched), LISTINGS_TOOL);
    const results = await searchHub(database, switched, "kindle", { role: "owner", limit: 5 });
    expect(results.listings.byTitle).toEqual([]);
    expect(results.listings.byNumber).toEqual([]);
    const listingsPages = await searchHub(database, switched, "out of stock", { role: "owner", limit: 5 });
    expect(listingsPages.pages.filter((page) => page.url.startsWith("/sh/lst/"))).toEqual([]);
    await optBackIn(database.db, await ownerOf(database, switched), LISTINGS_TOOL);
    expect(
      titles((await searchHub(database, switched, "kindle", { role: "owner", limit: 5 })).listings.byTitle),
    ).toEqual(["Kindle Oasis"]);
  });

  it("counts a product's listings when the text is its ePID, however many the group shows", async () => {
    const lister = await insertSeller(database.db, `lister-${dialect.name}`);
    await insertListings(
      database.db,
      Array.from({ length: 8 }, (_, index) => testListing(lister, { title: `Lens ${index}`, epid: "5566778899" })),
    );
    const { listings } = await searchHub(database, lister, "5566778899", { role: "owner", limit: 5 });
    expect(listings.byNumber.length).toBeLessThan(8);
    expect(listings.product).toEqual({ epid: "5566778899", total: 8 });
    expect((await searchHub(database, lister, "lens", { role: "owner", limit: 5 })).listings.product).toBeNull();
  });

  it("finds nothing for an empty text", async () => {
    const results = await search("");
    expect([results.listings.byTitle, results.listings.byNumber, results.pages, results.messages]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });

  it("for the header's popup, reads the few best listings and counts none", async () => {
    const { listings } = await searchHub(database, seller, "nikon", { role: "owner", limit: 1, popup: true });
    expect(titles(listings.byTitle)).toEqual(["Nikon F3 body"]);
    expect(listings.titleCount).toBeNull();
  });

  it("for the header's popup, reads titles from 3 characters, what the title index needs; a results page from 1", async () => {
    expect(
      (await searchHub(database, seller, "f3", { role: "owner", limit: 5, popup: true })).listings.byTitle,
    ).toEqual([]);
    expect(titles((await searchHub(database, seller, "f3", { role: "owner", limit: 5 })).listings.byTitle)).toEqual([
      "Nikon F3 body",
      "Nikon F3 lens cap",
    ]);
    expect(
      titles((await searchHub(database, seller, "f3 b", { role: "owner", limit: 5, popup: true })).listings.byTitle),
    ).toEqual(["Nikon F3 body"]);
    // Pages and numbers are found from the first character.
    expect(
      (await searchHub(database, seller, "si", { role: "owner", limit: 5, popup: true })).pages.map(
        (page) => page.label,
      ),
    ).toContain("Site speed");
    expect(
      titles(
        (await searchHub(database, seller, String(kindleId), { role: "owner", limit: 5, popup: true })).listings
          .byNumber,
      ),
    ).toEqual(["Kindle Paperwhite 16GB"]);
  });

  it(`counts title matches up to ${COUNTED_AT_MOST.toLocaleString("en")} and pages through them`, async () => {
    await insertListings(
      database.db,
      Array.from({ length: COUNTED_AT_MOST + 5 }, (_, index) =>
        testListing(seller, { title: `Camera strap ${index}`, created_at: 10 + index }),
      ),
    );
    const first = await search("strap", seller, { limit: 20, role: "owner" });
    expect(first.listings).toMatchObject({ titleCount: { total: COUNTED_AT_MOST, isMore: true }, offset: 0 });
    expect(first.listings.byTitle[0]?.title).toBe(`Camera strap ${COUNTED_AT_MOST + 4}`);
    const second = await searchHub(database, seller, "strap", { role: "owner", offset: 20, limit: 20 });
    expect(second.listings.byTitle[0]?.title).toBe(`Camera strap ${COUNTED_AT_MOST - 16}`);
    const pastTheEnd = await searchHub(database, seller, "strap", { role: "owner", offset: 5_000, limit: 20 });
    expect(pastTheEnd.listings.offset).toBe(Math.floor((COUNTED_AT_MOST - 1) / 20) * 20);
  });
});

// The plan is SQLite's: without statistics its planner picks by the indexes alone. PostgreSQL's
// picks by its statistics, and on a handful of rows reads the table.
describe("finding a seller's listings of a product on SQLite", () => {
  it("reads the seller's ePID index, not every seller's listings of the product", async () => {
    const sqlite = TEST_DIALECTS.find((dialect) => dialect.name === "SQLite");
    const database = await sqlite!.open();
    try {
      const plan = await queryPlan(database, listingsOfProduct(database.db, 1, "1200876543"));
      expect(plan).toMatch(/SEARCH listing USING INDEX listing_seller_epid \(seller_id=\? AND epid=\?\)/);
    } finally {
      await database.close();
    }
  });
});
