import { textOfLanguage } from "~/i18n/catalogues.server";
import { ownerOf, signedInOwnerOf } from "../../test/listings";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import type { Database } from "~/db/database.server";
import type { Seller } from "~/db/schema";
import { seedDemoData } from "~/db/seed.server";
import { databaseContext, signedInSellerContext } from "~/request-context";
import { hasOptedOut, LISTINGS_TOOL, optBackIn, recordOptOut, redirectOptedOutSeller } from "./opt-out.server";
import { switchToolsLinks } from "./opt-out-view-model.server";

describe.each(TEST_DIALECTS)("opting out on $name", (dialect) => {
  let database: Database;
  let seller: Seller;
  let other: Seller;

  beforeAll(async () => {
    database = await dialect.open();
    await seedDemoData(database.db);
    seller = await database.db
      .selectFrom("seller")
      .selectAll()
      .where("username", "=", "blue-star")
      .executeTakeFirstOrThrow();
    other = await database.db
      .selectFrom("seller")
      .selectAll()
      .where("username", "=", "green-star")
      .executeTakeFirstOrThrow();
  }, 60_000);
  afterAll(() => database.close());

  const rows = () => database.db.selectFrom("opt_out").selectAll().execute();

  /** Runs the shell's redirect middleware for this seller on this page. */
  async function openPage(path: string, who = seller): Promise<string | undefined> {
    const context = new RouterContextProvider();
    context.set(databaseContext, database);
    context.set(signedInSellerContext, await signedInOwnerOf(database.db, who.id));
    const url = new URL(path, "http://hub.test");
    try {
      await redirectOptedOutSeller(
        { request: new Request(url), url, pattern: "", params: {}, context },
        async () => new Response(null),
      );
      return undefined;
    } catch (thrown) {
      return (thrown as Response).headers.get("Location") ?? undefined;
    }
  }

  it("records an opt-out once, however often the seller asks", async () => {
    await recordOptOut(database.db, await ownerOf(database, seller.id), LISTINGS_TOOL, 1_000);
    await recordOptOut(database.db, await ownerOf(database, seller.id), LISTINGS_TOOL, 2_000);
    expect(await rows()).toEqual([{ seller_id: seller.id, tool: "listings", created_at: 1_000 }]);
    expect(await hasOptedOut(database.db, seller.id, LISTINGS_TOOL)).toBe(true);
    expect(await hasOptedOut(database.db, other.id, LISTINGS_TOOL)).toBe(false);
  });

  it("takes an opted-out seller from the tool's pages to the previous tool, and no one else anywhere else", async () => {
    expect(await openPage("/sh/lst/active?status=ended")).toBe("/sh/ovw");
    expect(await openPage("/sh/lst/12.data")).toBe("/sh/ovw");
    // As React Router matches them to the listings: in any case, escaped (an audit of 2026-11-29).
    for (const path of ["/sh/Lst/active", "/SH/LST/ACTIVE", "/sh/%6Cst/active", "/sh/%4C%53%54/prices"])
      expect(await openPage(path), path).toBe("/sh/ovw");
    expect(await openPage("/sh/ovw")).toBeUndefined();
    expect(await openPage("/sh/lst/active", other)).toBeUndefined();
  });

  it("offers the opt-out link on the tool's pages and the way back on the previous tool's page", async () => {
    const english = textOfLanguage("en-US").text;
    const request = (path: string) => new Request(`http://hub.test${path}`);
    const onTool = await switchToolsLinks(database.db, other, request("/sh/lst/active"), english);
    expect(onTool.optOutLinkData?.linkConfig).toEqual({ text: "Switch to the previous tool", url: "/sh/optout" });
    expect(onTool.optOutLinkData?.previousToolUrl).toBe("/sh/ovw");
    expect(onTool.optOutLinkData?.feedbackConfig).toMatchObject({ username: "green-star", site: "EBAY_US" });
    expect(await switchToolsLinks(database.db, other, request("/sh/ovw"), english)).toEqual({});
    expect(await switchToolsLinks(database.db, seller, request("/sh/ovw"), english)).toEqual({
      optInLinkData: { label: "Switch back to the new listings tool", url: "/sh/optin" },
    });
    expect(await switchToolsLinks(database.db, seller, request("/sh/perf"), english)).toEqual({});
  });

  it("forgets the opt-out when the seller switches back", async () => {
    await optBackIn(database.db, await ownerOf(database, seller.id), LISTINGS_TOOL);
    expect(await rows()).toEqual([]);
    expect(await openPage("/sh/lst/active")).toBeUndefined();
  });
});
