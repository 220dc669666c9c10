import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { signedInTestSeller, testListing } from "../../test/listings";
import type { SignedInSeller } from "~/auth/session.server";
import { openDatabase, type Database } from "~/db/database.server";
import { changeSelection } from "./listing-selection.server";
import { runPriceChange } from "./price-change-routes.server";
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
          .selectFrom("price_change")
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
