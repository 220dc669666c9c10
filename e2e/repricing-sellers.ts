import type { Page } from "@playwright/test";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../app/db/schema.ts";
import { openAccount } from "../app/team/accounts.server";

/**
 * Sellers of the bulk price journeys, one per journey: each changes its own prices, in products
 * nobody else lists, so no other test (the listings' sort, the product summary's market figures)
 * sees a price move while it runs.
 */
export const REPRICERS = [
  "repricer-keys",
  "repricer-slow-phone",
  "repricer-nojs",
  "repricer-phone",
  "repricer-dark",
  "repricer-changes",
  "repricer-touch",
  "repricer-page",
  "repricer-page-nojs",
  "repricer-page-touch",
  "repricer-import",
  "repricer-import-nojs",
  "repricer-import-keys",
  "repricer-import-touch",
  "repricer-import-closed",
  "repricer-quantities",
  "repricer-quantities-nojs",
  "repricer-quantities-touch",
  "repricer-team",
  "repricer-prefetch",
  "repricer-prefetch-keys",
  // Not a price journey: it chooses the Light appearance, which no other test's seller may see.
  "repricer-contrast",
  // Not a price journey either: its owner hands the account to a member and is handed it back.
  "repricer-handover",
  // Nor this one: it reads the hub right to left, which no other test's seller may see.
  "repricer-rtl",
] as const;

export const REPRICER_LISTINGS = 25;

/** 25 listings each (two pages of 20), the first two ended: a change cannot apply to those. */
export async function addRepricingSellers(db: Kysely<DatabaseSchema>, passwordHash: string): Promise<void> {
  const now = Date.now();
  for (const [index, username] of REPRICERS.entries()) {
    const { sellerId: id } = await openAccount(
      db,
      {
        username,
        display_name: `Repricer ${index + 1}`,
        feedback_score: 50,
        store_url: `https://stores.example.com/${username}`,
        site: "EBAY_US",
        locale: "en-US",
        currency: "USD",
        created_at: now,
      },
      passwordHash,
    );
    await db
      .insertInto("listing")
      .values(
        Array.from({ length: REPRICER_LISTINGS }, (_, number) => ({
          seller_id: id,
          epid: `99000000${index}${number % 2}`,
          title: `Repriced lamp ${String(number + 1).padStart(2, "0")}`,
          condition: "used",
          price: 1_000 + number * 100,
          additional_price: null,
          logistics_cost: 0,
          currency: "USD",
          status: number < 2 ? "ended" : "active",
          banner_status: null,
          quantity: 3,
          sold: 0,
          awaiting_shipment: 0,
          // Newest first on the listings page: lamp 01 at the top.
          created_at: now - number * 60_000,
        })),
      )
      .execute();
  }
}

/**
 * On the listings page: ticks one listing, raises its price by `amount` dollars and applies it,
 * by mouse or by touch, as a seller does. Ends on the applied change's page.
 */
export async function raiseOneListing(page: Page, title: string, amount: string, how: "mouse" | "touch") {
  const press = (locator: ReturnType<Page["getByRole"]>) => (how === "touch" ? locator.tap() : locator.click());
  const tick = page.getByRole("checkbox", { name: `Select ${title}` });
  await (how === "touch" ? tick.tap() : tick.check());
  await press(page.getByRole("link", { name: "Change prices or quantities" }));
  await press(page.getByRole("radio", { name: "Raise by an amount" }));
  await page.getByLabel(/Amount to add/).fill(amount);
  await press(page.getByRole("button", { name: "Preview the change" }));
  await press(page.getByRole("button", { name: "Apply new prices to 1 listing" }));
}
