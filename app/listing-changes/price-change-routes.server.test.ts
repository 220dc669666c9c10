import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { signedInTestSeller, testListing } from "../../test/listings";
import type { SignedInSeller } from "~/auth/session.server";
import { openDatabase, type Database } from "~/db/database.server";
import { changeSelection } from "./listing-selection.server";
import { loadPriceChangePage, runPriceChange, saveListingChanges } from "./price-change-routes.server";
import { CHUNK, findUndoEndedBySave, previewPriceChange } from "./price-changes.server";

let database: Database;
let signedIn: SignedInSeller;

beforeAll(async () => {
  database = await openDatabase("sqlite::memory:");
  signedIn = await signedInTestSeller(database.db, "closer");
});
afterAll(() => database.close());

/** A preview of a 10 % raise of `count` listings at 10.00, selected in the seller's session. */
async function previewOf(count: number): Promise<{ changeId: string; ids: number[] }> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = await database.db
      .insertInto("listing")
      .values(
        Array.from({ length: Math.min(500, count - start) }, () => testListing(signedIn.seller.id, { price: 1000 })),
      )
      .returning("id")
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  const who = { sessionId: signedIn.sessionId, sellerId: signedIn.seller.id };
  await changeSelection(database, who, { select: ids, unselect: [] });
  const changeId = await previewPriceChange(database.db, who, { kind: "raise_percent", amount: 1000 });
  return { changeId, ids };
}

const english = textOfLanguage("en-US").text;

const request = (accept: string) =>
  new Request("http://localhost/sh/lst/prices/x/apply", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: accept },
    body: new URLSearchParams({ srt: "the-token" }),
  });

describe("applying with the progress streamed", () => {
  it("completes on the server when the browser goes away mid-apply: progress is only a view of it", async () => {
    const { changeId, ids } = await previewOf(CHUNK * 3);
    const response = await runPriceChange(
      request("application/x-ndjson"),
      database,
      signedIn,
      changeId,
      "apply",
      english,
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    // The tab closes: the server's stream is cancelled after its first line.
    await reader.cancel();
    await expect
      .poll(async () => {
        const change = await database.db
          .selectFrom("listing_change")
          .select("state")
          .where("id", "=", changeId)
          .executeTakeFirstOrThrow();
        const prices = await database.db.selectFrom("listing").select("price").where("id", "in", ids).execute();
        return { state: change.state, raised: prices.filter((row) => row.price === 1100).length };
      })
      .toEqual({ state: "applied", raised: ids.length });
  });

  it("shows a change's last page of listings for an offset past its end, not an empty table", async () => {
    const { changeId } = await previewOf(60);
    const page = await loadPriceChangePage(database, signedIn, changeId, 1_000, english, "en-US");
    expect(page.offset).toBe(Math.floor(59 / page.limit) * page.limit);
    expect(page.rows).toHaveLength(60 - page.offset);
  });

  it("answers a refusal with its status, not a progress stream", async () => {
    const refusedWith = (changeId: string, text = english) =>
      runPriceChange(request("application/x-ndjson"), database, signedIn, changeId, "undo", text).catch(
        (thrown: unknown) => thrown as Response,
      );
    expect((await refusedWith("no-such-change-id-xyz1")).status).toBe(404);
    const { changeId } = await previewOf(1);
    const notApplied = await refusedWith(changeId);
    expect(notApplied.status).toBe(409);
    expect(await notApplied.text()).toBe("This change has not been applied, so there is nothing to undo.");
    // In the seller's language, as the page that shows it.
    expect(await (await refusedWith(changeId, textOfLanguage("de-DE").text)).text()).toBe(
      "Diese Änderung wurde nicht übernommen, es gibt also nichts rückgängig zu machen.",
    );
  });
});

describe("a price and quantity sent from a listing's page", () => {
  const send = (fields: Record<string, string>) =>
    new Request("http://localhost/sh/lst/1", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const addListing = (currency: string) =>
    database.db
      .insertInto("listing")
      .values(testListing(signedIn.seller.id, { price: 1000, currency, quantity: 5 }))
      .returning(["id", "currency"])
      .executeTakeFirstOrThrow();
  /** What the page sends beside the fields: the values and versions it showed (0: none changed them yet). */
  const shown = { srt: "the-token", priceShown: "1000", priceVersion: "0", quantityShown: "5", quantityVersion: "0" };
  /** What the listing's page sends beside its fields: what it showed, and the undo it said a save ends. */
  const pageSends = async (listingId: number, fields: Record<string, string>) =>
    send({
      ...shown,
      undoEnds: (await findUndoEndedBySave(database.db, signedIn.seller.id, listingId))?.id ?? "",
      ...fields,
    });
  /** The listing's page sent, drawn in English unless `locale` says another language's. */
  const save = async (
    listing: { id: number; currency: string },
    fields: { price?: string; quantity?: string },
    locale = "en-US",
  ) =>
    saveListingChanges(
      await pageSends(listing.id, { price: "10", quantity: "5", ...fields }),
      database,
      signedIn,
      listing,
      english,
      locale,
    );
  const listingOf = (id: number) =>
    database.db.selectFrom("listing").select(["price", "quantity"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("reads the price in the listing's currency: 0, 2 and 3 decimals", async () => {
    for (const [currency, typed, written] of [
      ["JPY", "1499", 1499],
      ["EUR", "12.49", 1249],
      ["KWD", "12.345", 12_345],
    ] as const) {
      const listing = await addListing(currency);
      // The page shows the price in the listing's own minor units: 1000 is ¥1000, €10.00, 1.000 KWD.
      expect(await save(listing, { price: typed })).toMatchObject({ ok: true });
      expect(await listingOf(listing.id)).toEqual({ price: written, quantity: 5 });
    }
  });

  it("writes only what the seller changed: a quantity alone leaves the price as it is", async () => {
    const listing = await addListing("USD");
    // Another tab changed the price meanwhile; this page left its price as shown.
    await database.db
      .updateTable("listing")
      .set((eb) => ({ price: 1200, price_version: eb("price_version", "+", 1) }))
      .where("id", "=", listing.id)
      .execute();
    expect(await save(listing, { quantity: " 12 " })).toMatchObject({ ok: true });
    expect(await listingOf(listing.id)).toEqual({ price: 1200, quantity: 12 });
  });

  it("leaves a price alone that is the one shown, in the decimal mark of the language it was shown in", async () => {
    // Shown in English ("10.00"), then the language became German in another tab, and the form sent.
    for (const [currency, shownPrice] of [
      ["USD", "10.00"],
      ["KWD", "1.000"],
      ["JPY", "1000"],
    ] as const) {
      const listing = await addListing(currency);
      expect(await save(listing, { price: shownPrice, quantity: "6" }, "de-DE"), currency).toMatchObject({ ok: true });
      expect(await listingOf(listing.id)).toEqual({ price: 1000, quantity: 6 });
    }
    // A price changed in the old mark is still refused with the reason: "10.50" is not German.
    const listing = await addListing("USD");
    expect(await save(listing, { price: "10.50" }, "de-DE")).toMatchObject({
      ok: false,
      status: 400,
      errors: { price: expect.stringContaining("12,50") },
    });
    expect(await listingOf(listing.id)).toEqual({ price: 1000, quantity: 5 });
  });

  it("refuses odd and huge numbers in either field with the reason, keeps what was typed, and writes nothing", async () => {
    const listing = await addListing("USD");
    for (const typed of ["1e20", "Infinity", String(2 ** 53), "12.505", "12,50", "-1", "١٢", "ten"]) {
      const saved = await save(listing, { price: typed });
      expect(saved, typed).toEqual({
        ok: false,
        status: 400,
        values: { price: typed },
        errors: {
          price:
            "Enter the price in USD as a number like 12.50: no more decimals than the currency has, and no thousands separators.",
        },
      });
    }
    for (const typed of ["1e20", "Infinity", "2.5", "-1", "1,000", "١٢", "１２", "", "ten"]) {
      const saved = await save(listing, { price: "11", quantity: typed });
      expect(saved, typed).toEqual({
        ok: false,
        status: 400,
        values: { price: "11", quantity: typed },
        errors: {
          quantity: "Enter the quantity as a whole number of items, like 12: digits only, no sign or separators.",
        },
      });
    }
    expect(await save(listing, { price: "1000000", quantity: String(2 ** 53).slice(0, 9) })).toMatchObject({
      ok: false,
      status: 400,
      errors: {
        price: "Enter an amount of $999,999.99 or less.",
        quantity: "The new quantity would be above the most the hub takes, 999,999.",
      },
    });
    expect(await save(listing, {})).toMatchObject({
      ok: false,
      status: 400,
      errors: { form: "Neither the price nor the quantity differs from the listing’s: change one before saving." },
    });
    expect(await listingOf(listing.id)).toEqual({ price: 1000, quantity: 5 });
  });

  it("changes the quantity of a listing whose price is beyond the hub's limits, leaving the price alone", async () => {
    // Stored before the limits, or by another system: the page shows it, and a save of the quantity is no save of it.
    const listing = await database.db
      .insertInto("listing")
      .values(testListing(signedIn.seller.id, { price: 12_345_678_901, currency: "USD", quantity: 5 }))
      .returning(["id", "currency"])
      .executeTakeFirstOrThrow();
    const saved = await saveListingChanges(
      await pageSends(listing.id, { priceShown: "12345678901", price: "123456789.01", quantity: "6" }),
      database,
      signedIn,
      listing,
      english,
      "en-US",
    );
    expect(saved).toMatchObject({ ok: true });
    expect(await listingOf(listing.id)).toEqual({ price: 12_345_678_901, quantity: 6 });
  });

  it("keeps after a refusal only what the seller typed in the fields they changed", async () => {
    const listing = await addListing("USD");
    // The quantity left as shown; the price refused: the quantity is not sent back, so the page
    // shows the listing's quantity as it is then, not the one it showed before.
    const priceRefused = await save(listing, { price: "1e20" });
    expect(priceRefused.ok === false && priceRefused.values).toEqual({ price: "1e20" });
    const quantityRefused = await save(listing, { price: "10.00", quantity: "-1" });
    expect(quantityRefused.ok === false && quantityRefused.values).toEqual({ quantity: "-1" });
  });

  it("says so before a save ends the undo of a change applied since the page was shown, and saves when sent again", async () => {
    const [shownFirst, other] = [await addListing("USD"), await addListing("USD")];
    const sent = await pageSends(shownFirst.id, { price: "11", quantity: "5" });
    // Meanwhile, in another tab, the seller saves another listing: that change is now the last.
    expect(await save(other, { price: "12" })).toMatchObject({ ok: true });
    const refused = await saveListingChanges(sent, database, signedIn, shownFirst, english, "en-US");
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      errors: {
        form: "Since this page was shown, another change became your last: Changed on the listing’s page. Saving here would end its undo: to save anyway, save again.",
      },
    });
    expect(await listingOf(shownFirst.id)).toEqual({ price: 1000, quantity: 5 });
    // The page, shown again, says which undo a save ends: sent again, the save goes through.
    expect(await save(shownFirst, { price: "11" })).toMatchObject({ ok: true });
    expect(await listingOf(shownFirst.id)).toEqual({ price: 1100, quantity: 5 });
  });

  it("names the field changed since the page showed it", async () => {
    const listing = await addListing("USD");
    await database.db
      .updateTable("listing")
      .set((eb) => ({ quantity: 4, quantity_version: eb("quantity_version", "+", 1) }))
      .where("id", "=", listing.id)
      .execute();
    expect(await save(listing, { price: "11", quantity: "6" })).toMatchObject({
      ok: false,
      status: 409,
      errors: { quantity: expect.stringMatching(/^The quantity was changed elsewhere after this page was shown/) },
    });
    expect(await listingOf(listing.id)).toEqual({ price: 1000, quantity: 4 });
  });

  it("refuses a form without the anti-forgery token or what the page showed", async () => {
    const listing = { id: 1, currency: "USD" };
    const { srt: _, ...withoutToken } = shown;
    await expect(
      saveListingChanges(
        send({ ...withoutToken, price: "5", quantity: "5" }),
        database,
        signedIn,
        listing,
        english,
        "en-US",
      ),
    ).rejects.toMatchObject({ status: 403 });
    for (const name of ["priceShown", "priceVersion", "quantityShown", "quantityVersion"])
      for (const value of ["", "-1", "1.5", "9".repeat(16)])
        await expect(
          saveListingChanges(
            send({ ...shown, [name]: value, price: "5", quantity: "5" }),
            database,
            signedIn,
            listing,
            english,
            "en-US",
          ),
        ).rejects.toMatchObject({ status: 400 });
  });
});
