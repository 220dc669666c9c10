import { textOfLanguage } from "~/i18n/catalogues.server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { signedInTestSeller, testListing } from "../../test/listings";
import type { SignedInSeller } from "~/auth/session.server";
import { openDatabase, type Database } from "~/db/database.server";
import { countSelected } from "./listing-selection.server";
import { handleSelectionForm, loadListingsSelection } from "./selection-form.server";
import { parseListingFilters } from "~/listings/listing-filters";

let database: Database;
let signedIn: SignedInSeller;
let ids: number[];

beforeAll(async () => {
  database = await openDatabase("sqlite::memory:");
  signedIn = await signedInTestSeller(database.db, "alice");
  const rows = await database.db
    .insertInto("listing")
    .values(Array.from({ length: 25 }, (_, index) => testListing(signedIn.seller.id, { title: `Lamp ${index}` })))
    .returning("id")
    .execute();
  ids = rows.map((row) => row.id);
});
afterAll(() => database.close());

const english = textOfLanguage("en-US").text;

const post = (fields: Array<[string, string]>, query = "") =>
  handleSelectionForm(
    new Request(`http://localhost/sh/lst/active${query}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([["srt", "the-token"], ...fields]),
    }),
    database,
    signedIn,
    english,
  ).catch((thrown: unknown) => thrown);

describe("the listings page's selection form", () => {
  it("refuses a form without the session's token, or without a known intent, and changes nothing", async () => {
    const forged = await handleSelectionForm(
      new Request("http://localhost/sh/lst/active", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "all", srt: "forged" }),
      }),
      database,
      signedIn,
      english,
    ).catch((thrown: unknown) => thrown);
    expect(forged).toBeInstanceOf(Response);
    expect((forged as Response).status).toBe(403);
    const unknown = (await post([["intent", "delete"]])) as Response;
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe(
      "Say what to do with the selection: intent is one of select, unselect, all, clear, save, choose.",
    );
    expect(await countSelected(database.db, "session-1")).toBe(0);
  });

  it("without JavaScript keeps the page's ticks (and only the page's), then leads back to the same page", async () => {
    const kept = (await post(
      [
        ["intent", "save"],
        ["listing", String(ids[24])],
        ["listing", String(ids[0])], // not on the page: ignored
        ["listing", "not-an-id"],
      ],
      "?limit=10",
    )) as Response;
    expect(kept.status).toBe(303);
    expect(kept.headers.get("Location")).toBe("/sh/lst/active?limit=10");
    expect(await countSelected(database.db, "session-1")).toBe(1);
    // The next save from the same page unticks what is no longer ticked.
    await post([["intent", "save"]], "?limit=10");
    expect(await countSelected(database.db, "session-1")).toBe(0);
  });

  it("with JavaScript answers a tick with the new count, and going on with nothing selected says why", async () => {
    expect(
      await post([
        ["intent", "select"],
        ["listing", String(ids[3])],
      ]),
    ).toMatchObject({
      data: { ok: true, count: 1 },
    });
    const page = await loadListingsSelection(
      database,
      signedIn,
      parseListingFilters(new URLSearchParams()),
      ids.slice(0, 20),
    );
    expect(page).toMatchObject({ count: 1, selectedOnPage: [ids[3]], selectedMatching: 1 });
    await post([["intent", "clear"]]);
    expect(await post([["intent", "choose"]])).toMatchObject({
      data: { ok: false, reason: "Select at least one listing to change its price." },
      init: { status: 409 },
    });
  });
});

describe.each(TEST_DIALECTS)("a tick with a number no listing can have, on $name", (dialect) => {
  it("is ignored, as an unknown listing is, never a query PostgreSQL's integer refuses", async () => {
    const own = await dialect.open();
    try {
      const ticker = await signedInTestSeller(own.db, "ticker");
      for (const listing of ["9999999999", String(2 ** 31), "1e20", "-1"]) {
        const answer = await handleSelectionForm(
          new Request("http://localhost/sh/lst/active", {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams([
              ["srt", "the-token"],
              ["intent", "select"],
              ["listing", listing],
            ]),
          }),
          own,
          ticker,
          english,
        );
        expect(answer, listing).toMatchObject({ data: { ok: true, count: 0 } });
      }
    } finally {
      await own.close();
    }
  });
});
