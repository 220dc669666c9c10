import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller, testListing } from "../../test/listings";
import { queryPlan } from "../../test/query-plan";
import { openDatabase, type Database } from "~/db/database.server";
import { generateListings, insertListings } from "~/db/seed.server";
import { parseListingFilters, type ListingFilters } from "./listing-filters";
import { findListingsPage, findSellerListing, listingIdsPage, matchingListings } from "./listings.server";
import { searchFold } from "~/search/search-fold";
import { searchesTitleIndexFirst } from "./title-index.server";

const filters = (query: string): ListingFilters => parseListingFilters(new URLSearchParams(query));

/** How the title index compares the folded title: PostgreSQL's column's collation, SQLite's index's. */
async function foldedTitleCollation(database: Database): Promise<string | undefined> {
  const { rows } =
    database.dialect === "postgres"
      ? await sql<{ collation: string }>`select collation_name as collation from information_schema.columns
          where table_name = 'listing' and column_name = 'folded_title'`.execute(database.db)
      : await sql<{ collation: string }>`select coll as collation from pragma_index_xinfo('listing_seller_folded_title')
          where name = 'folded_title'`.execute(database.db);
  return rows[0]?.collation;
}

describe.each(TEST_DIALECTS)("a seller's listings on $name", (dialect) => {
  let database: Database;
  let seller: number;
  let other: number;
  const titles = (page: { listings: Array<{ title: string }> }) => page.listings.map((listing) => listing.title);

  beforeAll(async () => {
    database = await dialect.open();
    seller = await insertSeller(database.db, "lister");
    other = await insertSeller(database.db, "someone-else");
    const day = 86_400_000;
    await insertListings(database.db, [
      testListing(seller, {
        title: "Kindle Paperwhite",
        price: 12_900,
        condition: "used",
        status: "active",
        created_at: 5 * day,
      }),
      testListing(seller, {
        title: "Dyson V11 vacuum",
        price: 39_900,
        condition: "new",
        status: "ended",
        created_at: 4 * day,
      }),
      testListing(seller, {
        title: "LEGO Falcon – 100% complete",
        price: 13_900,
        condition: "used",
        status: "active",
        created_at: 3 * day,
      }),
      testListing(seller, {
        title: "Kindle Oasis",
        price: 12_900,
        condition: "new",
        status: "scheduled",
        created_at: 2 * day,
      }),
      testListing(seller, {
        title: "Bose speaker",
        price: 9_900,
        condition: "for_parts",
        status: "active",
        created_at: 1 * day,
      }),
      testListing(other, { title: "Kindle Scribe", price: 30_000, status: "active", created_at: 6 * day }),
    ]);
  }, 60_000);
  afterAll(() => database.close());

  it("shows only the seller's own listings, newest first", async () => {
    const page = await findListingsPage(database, seller, filters(""));
    expect(page.total).toBe(5);
    expect(titles(page)).toEqual([
      "Kindle Paperwhite",
      "Dyson V11 vacuum",
      "LEGO Falcon – 100% complete",
      "Kindle Oasis",
      "Bose speaker",
    ]);
  });

  it("filters by status and by condition", async () => {
    expect(titles(await findListingsPage(database, seller, filters("status=active")))).toEqual([
      "Kindle Paperwhite",
      "LEGO Falcon – 100% complete",
      "Bose speaker",
    ]);
    expect(titles(await findListingsPage(database, seller, filters("status=active&condition=used")))).toEqual([
      "Kindle Paperwhite",
      "LEGO Falcon – 100% complete",
    ]);
  });

  it("searches titles whatever the case, taking % and _ literally", async () => {
    expect(titles(await findListingsPage(database, seller, filters("q=KINDLE")))).toEqual([
      "Kindle Paperwhite",
      "Kindle Oasis",
    ]);
    expect(titles(await findListingsPage(database, seller, filters("q=100%25")))).toEqual([
      "LEGO Falcon – 100% complete",
    ]);
    expect((await findListingsPage(database, seller, filters("q=%25"))).total).toBe(1);
    expect((await findListingsPage(database, seller, filters("q=_"))).total).toBe(0);
  });

  it("searches titles whatever the case beyond ASCII, the same on both databases", async () => {
    const polyglot = await insertSeller(database.db, "polyglot");
    const written = [
      "Écran Dell 27 pouces",
      "Übergröße Winterjacke",
      "Книга рецептов",
      "Ångström Ölkanne",
      "ecran plat",
    ];
    await insertListings(
      database.db,
      written.map((title) => testListing(polyglot, { title, status: "active" })),
    );
    const found = async (q: string) =>
      titles(await findListingsPage(database, polyglot, filters(`q=${encodeURIComponent(q)}`))).toSorted();
    for (const q of ["Écran", "écran", "ÉCRAN"])
      expect(await found(q), q).toEqual(["Écran Dell 27 pouces", "ecran plat"].toSorted());
    expect(await found("cran Dell")).toEqual(["Écran Dell 27 pouces"]);
    expect(await found("ÜBERGRÖßE")).toEqual(["Übergröße Winterjacke"]);
    expect(await found("книга")).toEqual(["Книга рецептов"]);
    expect(await found("åNGSTRÖM ölkanne")).toEqual(["Ångström Ölkanne"]);
    expect(await found("ECRAN")).toEqual(["Écran Dell 27 pouces", "ecran plat"].toSorted());
  });

  it("finds a title whatever its accents, and ß as ss, the same on both databases (issue 29)", async () => {
    const traveller = await insertSeller(database.db, "traveller");
    const written = [
      "Écran Dell 27 pouces",
      "Crème brûlée torch",
      "Straßenkarte Berlin",
      "STRASSE sign",
      "Ёлка игрушка",
      "Ølkasse",
      "ガラス コップ",
      "カラス 置物",
    ];
    await insertListings(
      database.db,
      written.map((title) => testListing(traveller, { title, status: "active" })),
    );
    const found = async (q: string) =>
      titles(await findListingsPage(database, traveller, filters(`q=${encodeURIComponent(q)}`))).toSorted();
    for (const q of ["ecran", "ECRAN", "écran", "e\u0301cran", "ÉCRAN DELL"])
      expect(await found(q), q).toEqual(["Écran Dell 27 pouces"]);
    expect(await found("creme brulee")).toEqual(["Crème brûlée torch"]);
    expect(await found("brûlée")).toEqual(["Crème brûlée torch"]);
    for (const q of ["strasse", "STRASSE", "straße", "STRAẞE"])
      expect(await found(q), q).toEqual(["STRASSE sign", "Straßenkarte Berlin"].toSorted());
    expect(await found("елка")).toEqual(["Ёлка игрушка"]);
    // Letters of their own, not letters with a mark: ø is not o, and ガ (ga) is not カ (ka).
    expect(await found("olkasse")).toEqual([]);
    expect(await found("ølkasse")).toEqual(["Ølkasse"]);
    expect(await found("ガラス")).toEqual(["ガラス コップ"]);
    expect(await found("カラス")).toEqual(["カラス 置物"]);
  });

  it("searches past control characters in the text, which PostgreSQL refuses to compare", async () => {
    expect(titles(await findListingsPage(database, seller, filters("q=kin%00dle%0A")))).toEqual([
      "Kindle Paperwhite",
      "Kindle Oasis",
    ]);
  });

  it("sorts by price and by title, ties broken by id so pages never overlap", async () => {
    expect(titles(await findListingsPage(database, seller, filters("sort=price_asc")))).toEqual([
      "Bose speaker",
      "Kindle Paperwhite",
      "Kindle Oasis",
      "LEGO Falcon – 100% complete",
      "Dyson V11 vacuum",
    ]);
    expect(titles(await findListingsPage(database, seller, filters("sort=price_desc")))).toEqual([
      "Dyson V11 vacuum",
      "LEGO Falcon – 100% complete",
      "Kindle Oasis",
      "Kindle Paperwhite",
      "Bose speaker",
    ]);
    expect(titles(await findListingsPage(database, seller, filters("sort=title_asc")))).toEqual([
      "Bose speaker",
      "Dyson V11 vacuum",
      "Kindle Oasis",
      "Kindle Paperwhite",
      "LEGO Falcon – 100% complete",
    ]);
  });

  it("sorts titles A to Z as a reader does: case and accents aside, Ä with A and ß as ss (DIN 5007-1)", async () => {
    const reader = await insertSeller(database.db, "reader-sorts");
    const written = ["Zebra lamp", "apple crate", "Öl painting", "Ärmel shirt", "Straße sign", "Birne", "état neuf"];
    await insertListings(
      database.db,
      written.map((title, index) => testListing(reader, { title, created_at: index })),
    );
    const aToZ = ["apple crate", "Ärmel shirt", "Birne", "état neuf", "Öl painting", "Straße sign", "Zebra lamp"];
    expect(titles(await findListingsPage(database, reader, filters("sort=title_asc")))).toEqual(aToZ);
    expect(titles(await findListingsPage(database, reader, filters("sort=title_desc")))).toEqual(aToZ.toReversed());
  });

  it("sorts what the fold leaves beyond ASCII by code point, as both databases and JavaScript compare it", async () => {
    const writer = await insertSeller(database.db, `code-points-${dialect.name}`);
    // Folded, these stay beyond ASCII (ω, ж, œ, ø, 東) or differ only in punctuation, which a
    // locale's collation would weigh apart from letters: "C" and SQLite's BINARY do not.
    const written = ["Ωmega watch", "Жук toy", "Œuvre print", "Øresund map", "東京 guide", "ab-c", "abb", "zz top"];
    await insertListings(
      database.db,
      written.map((title, index) => testListing(writer, { title, created_at: index })),
    );
    const byCodePoint = written.toSorted((a, b) => (searchFold(a) < searchFold(b) ? -1 : 1));
    expect(byCodePoint.slice(0, 3)).toEqual(["ab-c", "abb", "zz top"]);
    expect(titles(await findListingsPage(database, writer, filters("sort=title_asc")))).toEqual(byCodePoint);
    // What decides that order: the folded title's comparison, code points on both.
    expect(await foldedTitleCollation(database)).toBe(dialect.name === "PostgreSQL" ? "C" : "BINARY");
  });

  it("pages by offset and limit, and corrects an offset past the end to the last page", async () => {
    const fromThird = await findListingsPage(database, seller, filters("sort=oldest&limit=10&offset=2"));
    expect(fromThird).toMatchObject({ total: 5, offset: 2, limit: 10 });
    expect(titles(fromThird)).toEqual(["LEGO Falcon – 100% complete", "Dyson V11 vacuum", "Kindle Paperwhite"]);
    const pageOfTwo = { ...filters("sort=oldest&offset=2"), limit: 2 };
    expect(titles(await findListingsPage(database, seller, pageOfTwo))).toEqual([
      "LEGO Falcon – 100% complete",
      "Dyson V11 vacuum",
    ]);
    const beyond = await findListingsPage(database, seller, { ...pageOfTwo, offset: 1_000_000 });
    expect(beyond.offset).toBe(4);
    expect(titles(beyond)).toEqual(["Kindle Paperwhite"]);
  });

  it("finds nothing, without error, when nothing matches", async () => {
    expect(await findListingsPage(database, seller, filters("condition=refurbished&offset=40"))).toEqual({
      listings: [],
      total: 0,
      offset: 0,
      limit: 20,
    });
  });

  it("shows the listings of one product by its ePID, counted, and no other seller's", async () => {
    const collector = await insertSeller(database.db, `collector-${dialect.name}`);
    await insertListings(
      database.db,
      Array.from({ length: 7 }, (_, index) =>
        testListing(collector, { title: `Nikon F3 ${index}`, epid: "1100200300", status: "active" }),
      ),
    );
    await insertListings(database.db, [
      testListing(collector, { title: "Leica M6", epid: "9", status: "active" }),
      testListing(other, { title: "Nikon F3 elsewhere", epid: "1100200300" }),
    ]);
    const page = await findListingsPage(database, collector, filters("epid=1100200300"));
    expect(page.total).toBe(7);
    expect(page.listings).toHaveLength(7);
    expect(titles(page).every((title) => title.startsWith("Nikon F3 "))).toBe(true);
    expect(filters("epid=12ab").epid).toBeUndefined();
  });

  it("finds the seller's own listing and not another seller's", async () => {
    const [mine, theirs] = await Promise.all([
      database.db.selectFrom("listing").select("id").where("seller_id", "=", seller).executeTakeFirstOrThrow(),
      database.db.selectFrom("listing").select("id").where("seller_id", "=", other).executeTakeFirstOrThrow(),
    ]);
    expect((await findSellerListing(database.db, seller, mine.id))?.seller_id).toBe(seller);
    expect(await findSellerListing(database.db, seller, theirs.id)).toBeUndefined();
  });
});

describe.each(TEST_DIALECTS)("100,000 listings for one seller on $name", (dialect) => {
  const COUNT = 100_000;
  let database: Database;
  let seller: number;
  /** Every listing's id, price and status, sorted here rather than by the query under test. */
  let all: Array<{ id: number; price: number; status: string }>;

  beforeAll(async () => {
    database = await dialect.open();
    seller = await insertSeller(database.db, "big-seller");
    const neighbour = await insertSeller(database.db, "neighbour");
    await insertListings(database.db, [...generateListings(seller, COUNT, 7), ...generateListings(neighbour, 500, 8)]);
    all = await database.db
      .selectFrom("listing")
      .select(["id", "price", "status"])
      .where("seller_id", "=", seller)
      .execute();
  }, 300_000);
  afterAll(() => database.close());

  it("counts them all and pages deep into them in price order", async () => {
    const page = await findListingsPage(database, seller, { ...filters("sort=price_asc&limit=50"), offset: 60_000 });
    const expected = all.toSorted((a, b) => a.price - b.price || a.id - b.id).slice(60_000, 60_050);
    expect(page.total).toBe(COUNT);
    expect(page.listings.map((listing) => listing.id)).toEqual(expected.map((listing) => listing.id));
  });

  it("pages through one status in descending price order", async () => {
    const ended = all
      .filter((listing) => listing.status === "ended")
      .toSorted((a, b) => b.price - a.price || b.id - a.id);
    const page = await findListingsPage(database, seller, {
      ...filters("status=ended&sort=price_desc&limit=20"),
      offset: 5_000,
    });
    expect(page.total).toBe(ended.length);
    expect(page.listings.map((listing) => listing.id)).toEqual(ended.slice(5_000, 5_020).map((listing) => listing.id));
    expect(page.listings.every((listing) => listing.status === "ended")).toBe(true);
  });

  it("counts and pages through a search for a rare text from the title index, not every listing", async () => {
    const rare = filters("q=polaroid&sort=price_asc");
    const fromTitleIndex = await searchesTitleIndexFirst(database, "polaroid");
    const count = matchingListings(database.db, seller, rare, fromTitleIndex).select((eb) =>
      eb.fn.countAll().as("total"),
    );
    const ids = listingIdsPage(database.db, seller, rare, 0, fromTitleIndex);
    if (dialect.name === "PostgreSQL") {
      // A table just filled has no statistics until autovacuum analyses it; without them the
      // planner guesses the seller has a few hundred listings and reads them all.
      await sql`analyze listing`.execute(database.db);
    }
    const { reads, never } = TITLE_INDEX_PLANS[dialect.name];
    for (const query of [count, ids]) {
      const plan = await queryPlan(database, query);
      for (const step of reads) expect(plan).toMatch(step);
      expect(plan).not.toMatch(never);
    }
  });

  // PostgreSQL never asks: its planner picks its trigram index by itself.
  it("reads the seller's titles, not the title index first, for a common word it finds in thousands of listings", async () => {
    expect(await searchesTitleIndexFirst(database, "kindle")).toBe(false);
  });
});

/**
 * A search answered from the title index, in each dialect's plan: SQLite reads the index, then
 * each listing it finds by id, and walks no index of the seller's; PostgreSQL reads its trigram
 * index and no listing it does not point to.
 */
const TITLE_INDEX_PLANS = {
  SQLite: {
    reads: [/SCAN listing_title_search VIRTUAL TABLE INDEX \d+:M/, /SEARCH listing USING INTEGER PRIMARY KEY/],
    never: /listing_seller_/,
  },
  PostgreSQL: { reads: [/Bitmap Index Scan on listing_folded_title_trigram/], never: /Seq Scan/ },
};

describe("the page query on SQLite", () => {
  let database: Database;
  let seller: number;

  beforeAll(async () => {
    database = await openDatabase("sqlite::memory:");
    seller = await insertSeller(database.db, "planned");
    await insertListings(database.db, generateListings(seller, 1_000, 3));
  });
  afterAll(() => database.close());

  it.each([
    "sort=newest",
    "sort=price_asc",
    "sort=title_desc",
    "status=active&sort=price_desc",
    "status=ended&sort=oldest",
    "condition=used",
  ])("reads a page's ids from an index alone, never the whole table (%s)", async (query) => {
    const steps = await queryPlan(database, listingIdsPage(database.db, seller, filters(query), 400));
    expect(steps).toMatch(/USING COVERING INDEX listing_seller_/);
    expect(steps).not.toMatch(/TEMP B-TREE/);
  });
});
