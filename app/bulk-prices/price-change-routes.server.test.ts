import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { signedInTestSeller, testListing } from "../../test/listings";
import type { SignedInSeller } from "~/auth/session.server";
import { openDatabase, type Database } from "~/db/database.server";
import { changeSelection } from "./listing-selection.server";
import { runPriceChange, saveListingPrice } from "./price-change-routes.server";
import { CHUNK, previewPriceChange } from "./price-changes.server";

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

describe("a price sent from a listing's page", () => {
  const send = (fields: Record<string, string>) =>
    new Request("http://localhost/sh/lst/1", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  const addListing = (currency: string) =>
    database.db
      .insertInto("listing")
      .values(testListing(signedIn.seller.id, { price: 1000, currency }))
      .returning(["id", "currency"])
      .executeTakeFirstOrThrow();
  /** The page's form, as sent with the version it showed (0: none changed it yet). */
  const save = (listing: { id: number; currency: string }, price: string) =>
    saveListingPrice(send({ srt: "the-token", version: "0", price }), database, signedIn, listing, english);
  const priceOf = async (id: number) =>
    (await database.db.selectFrom("listing").select("price").where("id", "=", id).executeTakeFirstOrThrow()).price;

  it("is read in the listing's currency: 0, 2 and 3 decimals", async () => {
    for (const [currency, typed, written] of [
      ["JPY", "1499", 1499],
      ["EUR", "12.49", 1249],
      ["KWD", "12.345", 12_345],
    ] as const) {
      const listing = await addListing(currency);
      const saved = await save(listing, typed);
      expect(saved).toMatchObject({ ok: true });
      expect(await priceOf(listing.id)).toBe(written);
    }
  });

  it("refuses odd and huge numbers with the reason, keeps what was typed, and writes nothing", async () => {
    const listing = await addListing("USD");
    for (const typed of ["1e20", "Infinity", String(2 ** 53), "12.505", "12,50", "-1", "١٢", "ten"]) {
      const saved = await save(listing, typed);
      expect(saved, typed).toEqual({
        ok: false,
        status: 400,
        value: typed,
        error:
          "Enter the price in USD as a number like 12.50: no more decimals than the currency has, and no thousands separators.",
      });
    }
    expect(await save(listing, "1000000")).toMatchObject({
      ok: false,
      status: 400,
      error: "Enter an amount of $999,999.99 or less.",
    });
    expect(await priceOf(listing.id)).toBe(1000);
  });

  it("refuses a form without the anti-forgery token or the version it saw", async () => {
    const listing = { id: 1, currency: "USD" };
    await expect(
      saveListingPrice(send({ version: "0", price: "5" }), database, signedIn, listing, english),
    ).rejects.toMatchObject({ status: 403 });
    for (const version of ["", "-1", "1.5", "9".repeat(20)])
      await expect(
        saveListingPrice(send({ srt: "the-token", version, price: "5" }), database, signedIn, listing, english),
      ).rejects.toMatchObject({ status: 400 });
  });
});
