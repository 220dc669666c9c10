import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { formattingLocale, type Language } from "~/i18n/languages";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller, insertSellerBeforeMembers, testListing } from "../../test/listings";
import { migrate, type Database } from "~/db/database.server";
import type { Seller } from "~/db/schema";
import { insertListings } from "~/db/seed.server";
import { buildProductSummary } from "./product-summary.server";

const EPID = "7719034412";

describe.each(TEST_DIALECTS)("the product summary on $name", (dialect) => {
  let database: Database;
  let seller: Seller;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await dialect.open();
    const sellerId = await insertSeller(database.db, "summarised");
    const otherId = await insertSeller(database.db, "other-seller");
    seller = await database.db.selectFrom("seller").selectAll().where("id", "=", sellerId).executeTakeFirstOrThrow();
    const mine = (title: string, fields: Parameters<typeof testListing>[1]) =>
      testListing(sellerId, { epid: EPID, title, ...fields });
    await insertListings(database.db, [
      mine("Falcon – Used", {
        condition: "used",
        price: 9_000,
        additional_price: 10_500,
        logistics_cost: 499,
        banner_status: "price_drop",
      }),
      mine("Falcon – Used, cheaper, ended", {
        condition: "used",
        price: 7_000,
        status: "ended",
        banner_status: "ending_soon",
      }),
      mine("Falcon – New", { condition: "new", price: 14_000 }),
      mine("Another product", { epid: "1111111111", condition: "used", price: 100 }),
      testListing(otherId, { epid: EPID, title: "Their Falcon – Used", condition: "used", price: 11_000 }),
      testListing(otherId, { epid: EPID, title: "Their Falcon – New", condition: "new", price: 13_000 }),
    ]);
    for (const { id, title } of await database.db.selectFrom("listing").select(["id", "title"]).execute())
      ids[title] = id;
  }, 60_000);
  afterAll(() => database.close());

  const summarise = (listing: string, filters = {}, language: Language = "en-US") =>
    buildProductSummary(
      database.db,
      seller,
      ids[listing] as number,
      filters,
      textOfLanguage(language).text,
      formattingLocale(language),
    );

  it("summarises the item, each field a text display model, and compares it with its condition's market", async () => {
    const summary = await summarise("Falcon – Used", { itemId: ids["Falcon – Used"] });
    expect(summary?.subject).toBe("This listing");
    expect(summary?.heading).toBe("Falcon – Used");
    expect(summary?.listingSummary).toEqual({
      listingId: { text: String(ids["Falcon – Used"]) },
      epid: { text: EPID },
      displayPrice: { text: "$90.00", styles: ["BOLD"] },
      additionalPrice: { text: "$105.00", styles: ["STRIKETHROUGH"] },
      logisticsCost: { text: "$4.99" },
      bannerStatus: { text: "Price drop", styles: ["HIGHLIGHT"] },
    });
    // Active Used listings of the product: $90.00 and $110.00, median $100.00.
    expect(summary?.marketComparison).toEqual({
      textSpans: [
        { text: "2 active Used listings of this product, median $100.00." },
        { text: " Yours is " },
        { text: "10% below the median", styles: ["BOLD"] },
        { text: "." },
      ],
    });
    expect(summary?.insightsData).toEqual({
      listingId: String(ids["Falcon – Used"]),
      epid: EPID,
      displayPrice: "$90.00",
      additionalPrice: "$105.00",
      logisticsCost: "$4.99",
    });
  });

  it("names the banner in the seller's language, and shows none on a listing that has ended", async () => {
    const german = await summarise("Falcon – Used", { itemId: ids["Falcon – Used"] }, "de-DE");
    expect(german?.listingSummary?.bannerStatus).toEqual({ text: "Preis gesenkt", styles: ["HIGHLIGHT"] });
    const ended = await summarise("Falcon – Used, cheaper, ended", { itemId: ids["Falcon – Used, cheaper, ended"] });
    expect(ended?.listingSummary?.displayPrice).toEqual({ text: "$70.00", styles: ["BOLD"] });
    expect(ended?.listingSummary).not.toHaveProperty("bannerStatus");
  });

  it("keeps the item on another condition and compares it with that condition's market", async () => {
    const summary = await summarise("Falcon – Used", { itemId: ids["Falcon – Used"], condition: "new" });
    expect(summary?.heading).toBe("Falcon – Used");
    expect(summary?.marketComparison.textSpans?.[0]?.text).toBe(
      "2 active New listings of this product, median $135.00.",
    );
    expect(summary?.marketComparison.textSpans?.[2]?.text).toBe("33% below the median");
  });

  it("without an item, summarises the seller's lowest-priced listing of the product that matches", async () => {
    const ended = await summarise("Falcon – Used", { status: "ended" });
    expect(ended?.subject).toBe("Your lowest-priced ended listing of this product");
    expect(ended?.heading).toBe("Falcon – Used, cheaper, ended");
    const any = await summarise("Falcon – New", {});
    expect(any?.heading).toBe("Falcon – Used, cheaper, ended");
    const newOnes = await summarise("Falcon – Used", { condition: "new" });
    expect(newOnes?.heading).toBe("Falcon – New");
  });

  it("ignores an item of another product or another seller", async () => {
    for (const itemId of [ids["Another product"], ids["Their Falcon – Used"]]) {
      const summary = await summarise("Falcon – Used", { itemId, condition: "used", status: "active" });
      expect(summary?.heading).toBe("Falcon – Used");
      expect(summary?.subject).toBe("This listing");
    }
  });

  it("says when none of the seller's listings matches", async () => {
    const summary = await summarise("Falcon – Used", { condition: "for_parts", status: "scheduled" });
    expect(summary?.subject).toBe(
      "You have no scheduled listing of this product in For parts or not working condition.",
    );
    expect(summary?.listingSummary).toBeNull();
    expect(summary?.marketComparison).toEqual({
      text: "No active For parts or not working listings of this product to compare with.",
    });
    expect(summary?.insightsData).toEqual({
      listingId: "",
      epid: EPID,
      displayPrice: "",
      additionalPrice: "",
      logisticsCost: "",
    });
  });

  it("speaks the seller's language, the condition named as that language names it", async () => {
    const none = await summarise("Falcon – Used", { condition: "for_parts", status: "scheduled" }, "de-DE");
    expect(none?.subject).toBe(
      "Sie haben kein geplantes Angebot dieses Produkts im Zustand „Als Ersatzteil / defekt“.",
    );
    expect(none?.heading).toBe("Kein Angebot zum Zusammenfassen");
    const compared = await summarise("Falcon – Used", { itemId: ids["Falcon – Used"], condition: "new" }, "fr-FR");
    expect(compared?.subject).toBe("Cette annonce");
    expect(compared?.marketComparison.textSpans?.map((span) => span.text).join("")).toMatch(
      /^\d+ annonces? en ligne de ce produit à l’état «\u00a0Neuf\u00a0», prix médian .+\. Le vôtre est .+ (au-dessus|en dessous) du prix médian\.$/,
    );
  });

  it("compares prices in one currency only: a listing in yen is neither the lowest of a dollar listing's product nor written in dollars", async () => {
    // An audit of 2026-11-29: ¥1,500 (1,500 minor units) was the "lowest" beside $20.00 (2,000),
    // and was written "$15.00".
    const product = "2222222222";
    await insertListings(database.db, [
      testListing(seller.id, { epid: product, title: "Kestrel in dollars", price: 2_000, currency: "USD" }),
      testListing(seller.id, { epid: product, title: "Kestrel in yen", price: 1_500, currency: "JPY" }),
    ]);
    for (const { id, title } of await database.db
      .selectFrom("listing")
      .select(["id", "title"])
      .where("epid", "=", product)
      .execute())
      ids[title] = id;
    const dollars = await summarise("Kestrel in dollars");
    expect(dollars?.heading).toBe("Kestrel in dollars");
    expect(dollars?.insightsData.displayPrice).toBe("$20.00");
    const yen = await summarise("Kestrel in dollars", { itemId: ids["Kestrel in yen"] });
    expect(yen?.heading).toBe("Kestrel in yen");
    expect(yen?.insightsData.displayPrice).toBe("¥1,500");
    expect(yen?.listingSummary?.displayPrice.text).toBe("¥1,500");
    // The only used one is in yen: shown in yen, not "you have none" (a review of 2026-11-29).
    await database.db
      .updateTable("listing")
      .set({ condition: "used" })
      .where("id", "=", ids["Kestrel in yen"]!)
      .execute();
    const used = await summarise("Kestrel in dollars", { condition: "used" });
    expect(used?.heading).toBe("Kestrel in yen");
    expect(used?.insightsData.displayPrice).toBe("¥1,500");
  });

  it("is null for another seller's listing", async () => {
    expect(await summarise("Their Falcon – New")).toBeNull();
  });
});

describe.each(TEST_DIALECTS)("migration 0024 on $name", (dialect) => {
  it("turns the banners stored as English words into codes, and leaves any other as it was", async () => {
    const database = await dialect.open("0023-seller-appearance");
    try {
      const seller = await insertSellerBeforeMembers(database.db, "bannered");
      const banners = ["Price drop", "Ending soon", "Best Offer", "Sale", null];
      await insertListings(
        database.db,
        banners.map((banner) => testListing(seller, { banner_status: banner })),
      );
      await migrate(database);
      const migrated = await database.db.selectFrom("listing").select("banner_status").orderBy("id").execute();
      expect(migrated.map((listing) => listing.banner_status)).toEqual([
        "price_drop",
        "ending_soon",
        "best_offer",
        "Sale",
        null,
      ]);
    } finally {
      await database.close();
    }
  });
});
