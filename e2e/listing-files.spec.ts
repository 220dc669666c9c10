import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import {
  DEMO,
  expect,
  expectNoAccessibilityViolations,
  openTestDatabase,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";
import { raiseOneListing, REPRICER_LISTINGS } from "./repricing-sellers";

/*
 * Listings out of the hub: the listings page's export link downloads the listings that match its
 * filters, every page of them, as a CSV file for the seller's spreadsheet.
 */

/** How many of a seller's listings have a status, read from the server's database. */
function listingsOf(username: string, status?: string): number {
  const database = openTestDatabase();
  const { count } = database
    .prepare(
      `select count(*) as count from listing join seller on seller.id = listing.seller_id
       where username = ? and (? is null or status = ?)`,
    )
    .get(username, status ?? null, status ?? null) as { count: number };
  database.close();
  return count;
}

/** Clicks (or taps) the link, as a seller does, and reads the file the browser saved: its bytes and its records. */
async function download(page: Page, link: RegExp, delimiter: string, how: "click" | "tap" = "click") {
  const saved = page.waitForEvent("download");
  await page.getByRole("link", { name: link })[how]();
  const file = await saved;
  const bytes = readFileSync(await file.path());
  return {
    name: file.suggestedFilename(),
    bytes,
    records: parse(bytes, { bom: true, delimiter }) as string[][],
  };
}

test.describe("exporting listings", () => {
  test("the listings that match the filters, every page of them, with the page's order", async ({ page }) => {
    await signIn(page);
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Ended" });
    const ended = listingsOf("demo", "ended");
    await expect(page.locator("output.results-summary")).toContainText(
      new RegExp(`of ${ended.toLocaleString("en-US")}\\b`),
    );

    const { name, bytes, records } = await download(page, /^Export these [\d,]+ listings \(CSV\)$/, ",");
    expect(name).toMatch(/^listings-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(records[0]).toEqual([
      "Listing number",
      "ePID",
      "Title",
      "Condition",
      "Status",
      "Price",
      "Currency",
      "Quantity",
      "Sold",
    ]);
    expect(records).toHaveLength(1 + ended);
    expect(new Set(records.slice(1).map((record) => record[4]))).toEqual(new Set(["Ended"]));
    // The first row is the page's first.
    const firstTitle = await page
      .getByRole("table", { name: /Your listings/ })
      .locator("tbody tr")
      .first()
      .getByRole("link")
      .first()
      .textContent();
    expect(records[1]?.[2]).toBe(firstTitle);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a German seller's file opens in a German spreadsheet: semicolons, decimal commas, headings in German", async ({
      page,
    }) => {
      await signIn(page, "demo-de");
      await page.getByRole("navigation", { name: "Bereiche" }).getByRole("link", { name: "Alle Angebote" }).click();
      const { records } = await download(page, /^Diese [\d.]+ Angebote exportieren \(CSV\)$/, ";");
      expect(records[0]).toEqual([
        "Angebotsnummer",
        "ePID",
        "Titel",
        "Artikelzustand",
        "Status",
        "Preis",
        "Währung",
        "Menge",
        "Verkauft",
      ]);
      expect(records).toHaveLength(1 + listingsOf("demo-de"));
      for (const record of records.slice(1)) expect(record[5]).toMatch(/^\d+,\d{2}$/);
    });
  });
});

test.describe("on a phone 320 px wide, by touch", () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test("a change is found on the changes page and undone there, and the file shows the prices as they are", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const lamp = "Repriced lamp 03";
    await signIn(page, "repricer-touch", DEMO.password);
    await waitForHydration(page);
    const goByMenu = async (link: string) => {
      await page.getByRole("button", { name: "Menu" }).tap();
      await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: link, exact: true }).tap();
    };
    const noSidewaysScroll = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

    await goByMenu("All listings");
    await raiseOneListing(page, lamp, "1", "touch");
    await expect(page.getByRole("heading", { name: /^Applied: Raise by 1/ })).toBeVisible();

    await goByMenu("All listings");
    await page.getByRole("link", { name: "Your price changes" }).tap();
    await expect(page.getByRole("heading", { level: 1, name: "Changes" })).toBeVisible();
    const table = page.getByRole("table", { name: "Your price changes, newest first" });
    await expect(table.getByRole("row").nth(1)).toContainText(/Raise by 1.*1Applied$/);
    // The table scrolls in its own region, reached by keyboard too; the page itself never sideways.
    expect(await noSidewaysScroll()).toBe(true);
    await expect(page.getByRole("region", { name: "Table: your price changes" })).toHaveAttribute("tabindex", "0");
    await expectNoAccessibilityViolations(page);
    await page.getByRole("button", { name: "Undo this change" }).tap();
    await expect(page.getByRole("heading", { name: /^Undone: Raise by 1/ })).toBeVisible();

    await goByMenu("All listings");
    expect(await noSidewaysScroll()).toBe(true);
    const { records } = await download(page, /^Export these \d+ listings \(CSV\)$/, ",", "tap");
    expect(records).toHaveLength(1 + REPRICER_LISTINGS);
    // Lamp 03 (the 3rd listing: 1,000 + 2 × 100 cents) has its price back.
    expect(records.find((record) => record[2] === lamp)?.[5]).toBe("12.00");
  });
});
