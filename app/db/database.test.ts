import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { findMemberByCredentials } from "~/auth/sign-in.server";
import { endSession, findSignedInSeller, startSession } from "~/auth/session.server";
import { FEEDBACK_STAR_COLOURS, feedbackStarFor } from "~/sellers/feedback-star";
import { openDatabase, type Database } from "./database.server";
import { MIGRATION_NAMES } from "./migrations/index.server";
import { findListingsPage } from "~/listings/listings.server";
import { parseListingFilters } from "~/listings/listing-filters";
import { DEMO_PASSWORD, DEMO_USERNAME, isEmpty, seedDemoData, WORLD_TITLES } from "./seed.server";
import { findActivity } from "~/activity/activity.server";
import { SITE_DEMO_LISTINGS, SITE_DEMO_SELLERS } from "./site-demo-sellers";

describe.each(TEST_DIALECTS)("data layer on $name", (dialect) => {
  let database: Database;

  beforeAll(async () => {
    database = await dialect.open();
    await seedDemoData(database.db);
  }, 60_000);
  afterAll(() => database.close());

  it("seeds the demo seller with at least 150 listings across conditions and statuses", async () => {
    const demo = await database.db
      .selectFrom("seller")
      .selectAll()
      .where("username", "=", DEMO_USERNAME)
      .executeTakeFirstOrThrow();
    const listings = await database.db
      .selectFrom("listing")
      .select(["condition", "status"])
      .where("seller_id", "=", demo.id)
      .execute();
    expect(listings.length).toBeGreaterThanOrEqual(150);
    expect(new Set(listings.map((listing) => listing.condition)).size).toBe(5);
    expect(new Set(listings.map((listing) => listing.status)).size).toBe(4);
  });

  it("seeds the demo account's team, invited by its owner and joined, as its activity log tells", async () => {
    const demo = await database.db
      .selectFrom("seller")
      .select("id")
      .where("username", "=", DEMO_USERNAME)
      .executeTakeFirstOrThrow();
    const { entries } = await findActivity(database.db, demo.id, {}, undefined);
    expect(entries.map((entry) => [entry.member.username, entry.kind])).toEqual([
      ["demo-viewer", "member-joined"],
      ["demo-manager", "member-joined"],
      ["demo", "member-invited"],
      ["demo", "member-invited"],
    ]);
  });

  it("seeds sellers whose scores cover every star colour, and one with none", async () => {
    const scores = await database.db.selectFrom("seller").select("feedback_score").execute();
    const stars = new Set(scores.map((seller) => feedbackStarFor(seller.feedback_score)));
    for (const colour of FEEDBACK_STAR_COLOURS) expect(stars).toContain(colour);
    expect(stars).toContain(null);
  });

  it("seeds titles beyond ASCII, which the title search finds by any case of their letters", async () => {
    const seller = await database.db
      .selectFrom("seller")
      .select("id")
      .where("username", "=", "red-shooting-star")
      .executeTakeFirstOrThrow();
    const found = async (q: string) =>
      (await findListingsPage(database, seller.id, parseListingFilters(new URLSearchParams({ q })))).listings.map(
        (listing) => listing.title,
      );
    for (const [, title] of WORLD_TITLES) expect(await found(title.toLowerCase()), title).toContain(title);
    // "ß" upper-cases to "SS": the search folds it to "ss" on both sides (decision 071).
    for (const [, title] of WORLD_TITLES) expect(await found(title.toUpperCase()), title).toContain(title);
    expect(await found("écran")).toEqual(["Écran Dell 27 pouces UltraSharp"]);
    expect(await found("ecran")).toEqual(["Écran Dell 27 pouces UltraSharp"]);
    expect(await found("КНИГА")).toEqual(["Книга рецептов, издание 1968 года"]);
    expect(await found("الطبخ")).toEqual(["كتاب الطبخ العربي، طبعة أولى"]);
  });

  it("seeds a seller on each of eBay's other sites, in their language and money, whose titles the search finds", async () => {
    for (const site of SITE_DEMO_SELLERS) {
      const seller = await database.db
        .selectFrom("seller")
        .selectAll()
        .where("username", "=", site.username)
        .executeTakeFirstOrThrow();
      expect(seller).toMatchObject({ site: site.site, locale: site.locale, currency: site.currency });
      expect(await findMemberByCredentials(database.db, site.username, DEMO_PASSWORD)).not.toBeNull();
      const listings = await database.db
        .selectFrom("listing")
        .select(["title", "currency"])
        .where("seller_id", "=", seller.id)
        .execute();
      expect(listings).toHaveLength(SITE_DEMO_LISTINGS);
      expect(new Set(listings.map((listing) => listing.currency))).toEqual(new Set([site.currency]));
      const products = new Set(site.catalogue.map(([, product]) => product));
      for (const { title } of listings) expect(products).toContain(title.slice(0, title.lastIndexOf(" – ")));
    }
    const demoDe = await database.db
      .selectFrom("seller")
      .select("id")
      .where("username", "=", "demo-de")
      .executeTakeFirstOrThrow();
    const page = await findListingsPage(
      database,
      demoDe.id,
      parseListingFilters(new URLSearchParams({ q: "strassenkarte" })),
    );
    expect(page.total).toBeGreaterThan(0);
    for (const listing of page.listings) expect(listing.title).toMatch(/^Straßenkarte Deutschland/);
  });

  it("finds a member by username and password, and by nothing less", async () => {
    expect((await findMemberByCredentials(database.db, DEMO_USERNAME, DEMO_PASSWORD))?.username).toBe(DEMO_USERNAME);
    expect(await findMemberByCredentials(database.db, DEMO_USERNAME, "wrong")).toBeNull();
    expect(await findMemberByCredentials(database.db, "nobody", DEMO_PASSWORD)).toBeNull();
  });

  it("keeps sessions in the database, finds them by cookie, and ends them", async () => {
    const demo = await database.db
      .selectFrom("member")
      .select(["id", "seller_id"])
      .where("username", "=", DEMO_USERNAME)
      .executeTakeFirstOrThrow();
    const setCookie = await startSession(database.db, demo, new Request("http://localhost/signin"));
    const request = new Request("http://localhost/sh/ovw", { headers: { Cookie: setCookie.split(";")[0] as string } });

    const signedIn = await findSignedInSeller(database.db, request);
    expect(signedIn?.seller.username).toBe(DEMO_USERNAME);
    // Masked for each request (decision 053): a pad and the masked token, 32 bytes each in base64url.
    expect(signedIn?.srt).toMatch(/^[\w-]{43}\.[\w-]{43}$/);
    const stored = await database.db
      .selectFrom("session")
      .select("id")
      .where("id", "=", signedIn?.sessionId ?? "")
      .execute();
    expect(stored).toHaveLength(1);
    // The table holds a hash of the token, never the token the cookie carries.
    expect(setCookie).not.toContain(stored[0]?.id);

    await endSession(database.db, signedIn?.sessionId ?? "", request);
    expect(await findSignedInSeller(database.db, request)).toBeNull();
  });

  it("ignores a session cookie that matches no session", async () => {
    const request = new Request("http://localhost/sh/ovw", { headers: { Cookie: "sh_session=forged-token" } });
    expect(await findSignedInSeller(database.db, request)).toBeNull();
  });

  it("reports whether it holds any seller yet", async () => {
    expect(await isEmpty(database.db)).toBe(false);
  });
});

describe("opening the embedded database", () => {
  it("creates, migrates, and reopens the same file without migrating twice", async () => {
    const { mkdtempSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const path = `${mkdtempSync(`${tmpdir()}/seller-hub-`)}/nested/hub.db`;
    const migrated = async (database: Database) =>
      (
        await database.db
          .selectFrom("kysely_migration" as never)
          .selectAll()
          .execute()
      ).length;
    const first = await openDatabase(`sqlite:${path}`);
    expect(await isEmpty(first.db)).toBe(true);
    const migrations = await migrated(first);
    expect(migrations).toBeGreaterThan(0);
    await first.close();
    const second = await openDatabase(`sqlite:${path}`);
    const names = await second.db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute();
    expect(names.map((row) => (row as { name: string }).name).sort()).toEqual([...MIGRATION_NAMES].sort());
    expect(await migrated(second)).toBe(migrations);
    await second.close();
  });
});
