import * as fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller, insertSellerBeforeMembers, testListing } from "../../test/listings";
import { migrate, openDatabase, type Database } from "~/db/database.server";
import { MIGRATION_NAMES } from "~/db/migrations/index.server";
import { searchFold } from "~/search/search-fold";
import { insertListings } from "~/db/seed.server";
import { parseListingFilters } from "./listing-filters";
import { findListingsPage, matchingListings } from "./listings.server";
import { searchesTitleIndexFirst } from "./title-index.server";

const search = (q: string) => parseListingFilters(new URLSearchParams({ q }));

async function foundTitles(database: Database, sellerId: number, q: string): Promise<string[]> {
  const page = await findListingsPage(database, sellerId, { ...search(q), sort: "title_asc" });
  return page.listings.map((listing) => listing.title);
}

describe.each(TEST_DIALECTS)("searching a seller's titles on $name", (dialect) => {
  let database: Database;
  let seller: number;
  let other: number;
  const found = (q: string, sellerId = seller) => foundTitles(database, sellerId, q);

  beforeAll(async () => {
    database = await dialect.open();
    seller = await insertSeller(database.db, "searcher");
    other = await insertSeller(database.db, "someone-else");
    await insertListings(database.db, [
      testListing(seller, { title: "Kindle Paperwhite 16GB" }),
      testListing(seller, { title: "LEGO Falcon – 100% complete" }),
      testListing(seller, { title: "USB-C cable 10_pack" }),
      testListing(seller, { title: "Backup drive C:\\Photos\\2019" }),
      testListing(seller, { title: "Nikon F3 body" }),
      testListing(seller, { title: "Polaroid SX-70" }),
      testListing(other, { title: "Kindle Scribe" }),
      testListing(other, { title: "100% wool scarf" }),
    ]);
  }, 60_000);
  afterAll(() => database.close());

  it("finds text anywhere in a title, whatever its case", async () => {
    expect(await found("KINDLE")).toEqual(["Kindle Paperwhite 16GB"]);
    expect(await found("aperWHITE 16g")).toEqual(["Kindle Paperwhite 16GB"]);
    expect(await found("falcon – 100")).toEqual(["LEGO Falcon – 100% complete"]);
  });

  it("takes %, _ and \\ as the characters they are, not as wildcards", async () => {
    expect(await found("100%")).toEqual(["LEGO Falcon – 100% complete"]);
    expect(await found("10_pack")).toEqual(["USB-C cable 10_pack"]);
    expect(await found("c:\\photos\\")).toEqual(["Backup drive C:\\Photos\\2019"]);
    // As wildcards these would find "10_pack", "USB-C" and "Polaroid SX-70".
    expect(await found("10%pack")).toEqual([]);
    expect(await found("b_c")).toEqual([]);
    expect(await found("sx_70")).toEqual([]);
  });

  it("finds text of one or two characters, which no trigram holds", async () => {
    expect(await found("gb")).toEqual(["Kindle Paperwhite 16GB"]);
    expect(await found("%")).toEqual(["LEGO Falcon – 100% complete"]);
    expect(await found("_")).toEqual(["USB-C cable 10_pack"]);
    expect(await found("\\")).toEqual(["Backup drive C:\\Photos\\2019"]);
    expect(await found("3")).toEqual(["Nikon F3 body"]);
  });

  it("finds a retitled listing by its new title and no longer by its old one", async () => {
    await database.db
      .updateTable("listing")
      .set({ title: "Leica M6 body" })
      .where("title", "=", "Nikon F3 body")
      .execute();
    expect(await found("nikon")).toEqual([]);
    expect(await found("f3")).toEqual([]);
    expect(await found("leica m6")).toEqual(["Leica M6 body"]);
    expect(await found("body")).toEqual(["Leica M6 body"]);
  });

  it("finds no deleted listing", async () => {
    await database.db.deleteFrom("listing").where("title", "=", "Polaroid SX-70").execute();
    expect(await found("polaroid")).toEqual([]);
    expect(await found("sx")).toEqual([]);
  });

  it("never finds another seller's listings", async () => {
    expect(await found("kindle")).toEqual(["Kindle Paperwhite 16GB"]);
    expect(await found("kindle", other)).toEqual(["Kindle Scribe"]);
    expect(await found("100%", other)).toEqual(["100% wool scarf"]);
    expect(await found("wool")).toEqual([]);
  });
});

describe.each(TEST_DIALECTS)("listings written before the title index on $name", (dialect) => {
  let database: Database;
  let seller: number;

  beforeAll(async () => {
    const titleIndex = MIGRATION_NAMES.indexOf("0009-listing-title-search");
    database = await dialect.open(MIGRATION_NAMES[titleIndex - 1]);
    seller = await insertSellerBeforeMembers(database.db, "early");
    await insertListings(database.db, [
      testListing(seller, { title: "Hasselblad 500C/M" }),
      testListing(seller, { title: "Rolleiflex 2.8F" }),
    ]);
    await migrate(database);
  }, 60_000);
  afterAll(() => database.close());

  it("are found once it is made", async () => {
    expect(await foundTitles(database, seller, "hasselblad")).toEqual(["Hasselblad 500C/M"]);
    expect(await foundTitles(database, seller, "2.8f")).toEqual(["Rolleiflex 2.8F"]);
  });
});

describe.each(TEST_DIALECTS)("listings written before titles were folded on $name", (dialect) => {
  it("are found by their letters without accents once migration 0019 has run", async () => {
    const folding = MIGRATION_NAMES.indexOf("0019-folded-titles");
    const database = await dialect.open(MIGRATION_NAMES[folding - 1]);
    try {
      const seller = await insertSellerBeforeMembers(database.db, "early");
      await insertListings(database.db, [
        testListing(seller, { title: "Écran Dell 27 pouces" }),
        testListing(seller, { title: "Straßenkarte Berlin" }),
      ]);
      await migrate(database);
      expect(await foundTitles(database, seller, "ecran dell")).toEqual(["Écran Dell 27 pouces"]);
      expect(await foundTitles(database, seller, "strassenkarte")).toEqual(["Straßenkarte Berlin"]);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe("SQLite's title index", () => {
  let database: Database;
  let seller: number;

  /** FTS5 compares the index with the listings' titles, and fails if they differ. */
  const checkIndex = () =>
    sql`insert into listing_title_search (listing_title_search, rank) values ('integrity-check', 1)`.execute(
      database.db,
    );

  beforeAll(async () => {
    database = await openDatabase("sqlite::memory:");
    seller = await insertSeller(database.db, "indexed");
  });
  afterAll(() => database.close());

  it("stays in step with the listings through inserts, retitles, deletes and a seller's deletion", async () => {
    const leaving = await insertSeller(database.db, "leaving");
    await insertListings(database.db, [
      testListing(seller, { title: "Fuji X100V" }),
      testListing(leaving, { title: "Fuji X-T5" }),
      testListing(seller, { title: "Ricoh GR III" }),
    ]);
    await database.db.updateTable("listing").set({ title: "Fuji X100VI" }).where("title", "=", "Fuji X100V").execute();
    await database.db.updateTable("listing").set({ price: 1 }).where("title", "=", "Fuji X100VI").execute();
    await database.db.deleteFrom("listing").where("title", "=", "Ricoh GR III").execute();
    await database.db.deleteFrom("seller").where("id", "=", leaving).execute();
    await checkIndex();
    expect(await foundTitles(database, seller, "fuji")).toEqual(["Fuji X100VI"]);
  });

  it("finds exactly what reading every title finds, whatever the titles and the text", async () => {
    // Few characters, so that texts often occur in titles: both cases, accents precomposed and as
    // marks, ß and ss, ё, wildcards, the escape, the phrase's quote, a space.
    const character = fc.constantFrom(
      "a",
      "A",
      "b",
      "e",
      "é",
      "É",
      "\u0301",
      "ß",
      "s",
      "S",
      "ё",
      "%",
      "_",
      "\\",
      '"',
      " ",
    );
    const text = (minLength: number, maxLength: number) =>
      fc.array(character, { minLength, maxLength }).map((characters) => characters.join(""));
    await fc.assert(
      fc.asyncProperty(fc.array(text(1, 8), { minLength: 1, maxLength: 6 }), text(3, 5), async (titles, q) => {
        // The index is read for text of 3 letters or more once folded ("é" + a lone mark is one).
        fc.pre([...searchFold(q)].length >= 3);
        await database.db.deleteFrom("listing").execute();
        await insertListings(
          database.db,
          titles.map((title) => testListing(seller, { title })),
        );
        const ids = (fromTitleIndex: boolean) =>
          matchingListings(database.db, seller, { ...search(""), q }, fromTitleIndex)
            .select("id")
            .orderBy("id")
            .execute();
        expect(await ids(true)).toEqual(await ids(false));
      }),
      { numRuns: 200 },
    );
  });

  it("is read first for text of 3 characters or more that it finds in few listings", async () => {
    await database.db.deleteFrom("listing").execute();
    await insertListings(
      database.db,
      Array.from({ length: 1_001 }, () => testListing(seller, { title: "Lens cap 52mm" })),
    );
    expect(await searchesTitleIndexFirst(database, "polaroid")).toBe(true);
    expect(await searchesTitleIndexFirst(database, "lens cap")).toBe(false);
    expect(await searchesTitleIndexFirst(database, "52")).toBe(false);
  });
});
