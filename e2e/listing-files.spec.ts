import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import {
  DEMO,
  emulateSlowNetwork,
  expect,
  expectNoAccessibilityViolations,
  expectNoAccessibilityViolationsWithoutJavaScript,
  openTestDatabase,
  pricesOf,
  quantitiesOf,
  queryTestDatabase,
  scrollsNoWider,
  signIn,
  tabTo,
  tapInMenu,
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
      "Price version",
      "Quantity version",
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
        "Preisversion",
        "Mengenversion",
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
    const goByMenu = (link: string) => tapInMenu(page, link);
    const noSidewaysScroll = () => scrollsNoWider(page);

    await goByMenu("All listings");
    await raiseOneListing(page, lamp, "1", "touch");
    await expect(page.getByRole("heading", { name: /^Applied: Raise by 1/ })).toBeVisible();

    await goByMenu("All listings");
    await page.getByRole("link", { name: "Your price and quantity changes" }).tap();
    await expect(page.getByRole("heading", { level: 1, name: "Changes" })).toBeVisible();
    const table = page.getByRole("table", { name: "Your price and quantity changes, newest first" });
    await expect(table.getByRole("row").nth(1)).toContainText(/Raise by 1.*1Applied/);
    // The table scrolls in its own region, reached by keyboard too; the page itself never sideways.
    expect(await noSidewaysScroll()).toBe(true);
    await expect(page.getByRole("region", { name: "Table: your price and quantity changes" })).toHaveAttribute(
      "tabindex",
      "0",
    );
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

/** A file as a seller's spreadsheet saves it, ready for the file field. */
const fileOf = (name: string, records: string[][], delimiter = ",") => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(stringify(records, { delimiter, record_delimiter: "windows", bom: true })),
});

test.describe("importing prices and quantities", () => {
  test("export, edit two prices and a quantity in the file, import, preview, apply, see them, undo from the changes page; on a slow network", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const seller = "repricer-import";
    const before = pricesOf(seller);
    const quantitiesBefore = quantitiesOf(seller);
    await signIn(page, seller, DEMO.password);
    await waitForHydration(page);
    await emulateSlowNetwork(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first().click();
    const { records } = await download(page, /^Export these \d+ listings \(CSV\)$/, ",");
    const [headings, ...rows] = records as [string[], ...string[][]];
    const column = (name: string) => headings.indexOf(name);
    const row = (title: string) => rows.find((record) => record[column("Title")] === title) as string[];

    // First with a quantity typed below zero: refused with its row.
    row("Repriced lamp 05")[column("Price")] = "20";
    row("Repriced lamp 06")[column("Price")] = "21.50";
    row("Repriced lamp 07")[column("Quantity")] = "-9";
    await page.getByRole("link", { name: "Import prices and quantities from a file" }).click();
    await expect(
      page.getByRole("heading", { level: 2, name: "Import prices and quantities from a file" }),
    ).toBeVisible();
    await page.getByLabel("Listings file (CSV)").setInputFiles(fileOf("listings.csv", [headings, ...rows]));
    await page.getByRole("button", { name: "Check the file" }).click();
    const outcome = page.getByRole("region", { name: "The file was not imported" });
    await expect(outcome).toBeFocused();
    const lamp7 = rows.indexOf(row("Repriced lamp 07")) + 2;
    await expect(outcome.getByRole("listitem")).toHaveText([`Row ${lamp7}: A quantity cannot be negative.`]);
    expect(pricesOf(seller)).toEqual(before);
    await expectNoAccessibilityViolations(page);

    // A broken file is refused with its line.
    await page.getByLabel("Listings file (CSV)").setInputFiles({
      name: "broken.csv",
      mimeType: "text/csv",
      buffer: Buffer.from('Listing number,Price\r\n1,"2\r\n'),
    });
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(outcome).toContainText("Line 2 of the file opens a quote that is never closed.");

    // The quantity corrected: the file is taken, and its two prices and its quantity are previewed.
    row("Repriced lamp 07")[column("Quantity")] = "9";
    await page.getByLabel("Listings file (CSV)").setInputFiles(fileOf("listings.csv", [headings, ...rows]));
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByRole("heading", { name: /^Preview: Changes from a file/ })).toBeVisible();
    await expect(
      page.getByRole("table", { name: "Listings of this change" }).getByRole("row", { name: /Repriced lamp 07/ }),
    ).toContainText("Quantity39+6—Will change");
    await expectNoAccessibilityViolations(page);
    expect(pricesOf(seller)).toEqual(before);
    await page.getByRole("button", { name: "Apply new prices and quantities to 3 listings" }).click();
    await expect(page.getByRole("heading", { name: /^Applied: Changes from a file/ })).toBeFocused();
    expect(pricesOf(seller)).toEqual({ ...before, "Repriced lamp 05": 2000, "Repriced lamp 06": 2150 });
    expect(quantitiesOf(seller)).toEqual({ ...quantitiesBefore, "Repriced lamp 07": 9 });

    // On the listing's page, and then undone from the changes page.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first().click();
    await page
      .getByRole("table", { name: /Your listings/ })
      .getByRole("link", { name: "Repriced lamp 06" })
      .click();
    await expect(
      page.getByRole("table", { name: "Changes of price and quantity, newest first" }).getByRole("row").nth(1),
    ).toContainText("Price$15.00$21.50Changes from a file");
    // Only the last change can be undone: the price field says that saving here would end the import's undo.
    await expect(page.getByRole("textbox", { name: "New price in USD" })).toHaveAccessibleDescription(
      /If you save, you can no longer undo your last change: Changes from a file, applied /,
    );
    await page.getByRole("link", { name: "All listings" }).first().click();
    await page.getByRole("link", { name: "Your price and quantity changes" }).click();
    const changes = page.getByRole("table", { name: "Your price and quantity changes, newest first" });
    await expect(changes.getByRole("row").nth(1)).toContainText(/Changes from a file.*3Applied/);
    await page.getByRole("button", { name: "Undo this change" }).click();
    await expect(page.getByRole("heading", { name: /^Undone: Changes from a file/ })).toBeFocused();
    expect(pricesOf(seller)).toEqual(before);
    expect(quantitiesOf(seller)).toEqual(quantitiesBefore);
  });

  test("by keyboard alone: export, a file refused with its row, the corrected file previewed and applied", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const seller = "repricer-import-keys";
    const before = pricesOf(seller);
    await signIn(page, seller, DEMO.password);
    await waitForHydration(page);
    const press = async (target: ReturnType<Page["getByRole"]>, key = "Enter") => {
      await tabTo(page, target);
      await page.keyboard.press(key);
    };
    await press(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first());
    const saved = page.waitForEvent("download");
    await press(page.getByRole("link", { name: /^Export these \d+ listings \(CSV\)$/ }));
    const [headings, ...rows] = parse(readFileSync(await (await saved).path()), { bom: true }) as [
      string[],
      ...string[][],
    ];
    const row = (title: string) => rows.find((record) => record[headings.indexOf("Title")] === title) as string[];
    row("Repriced lamp 08")[headings.indexOf("Price")] = "19.99";
    row("Repriced lamp 09")[headings.indexOf("Price")] = "-1";

    await press(page.getByRole("link", { name: "Import prices and quantities from a file" }));
    await expect(
      page.getByRole("heading", { level: 2, name: "Import prices and quantities from a file" }),
    ).toBeVisible();
    // The file field opens the system's file chooser on Space, as a keyboard user opens it.
    const choose = async (records: string[][]) => {
      const chooser = page.waitForEvent("filechooser");
      await press(page.getByLabel("Listings file (CSV)"), "Space");
      await (await chooser).setFiles(fileOf("listings.csv", records));
      await press(page.getByRole("button", { name: "Check the file" }));
    };
    await choose([headings, ...rows]);
    const outcome = page.getByRole("region", { name: "The file was not imported" });
    await expect(outcome).toBeFocused();
    await expect(outcome.getByRole("listitem")).toHaveText([
      `Row ${rows.indexOf(row("Repriced lamp 09")) + 2}: “-1” is not a price in USD: write it like 12.50, with no more decimals than the currency has and no thousands separators.`,
    ]);
    expect(pricesOf(seller)).toEqual(before);

    row("Repriced lamp 09")[headings.indexOf("Price")] = "18.00";
    await choose([headings, ...rows]);
    await expect(page.getByRole("heading", { name: /^Preview: Changes from a file/ })).toBeVisible();
    await press(page.getByRole("button", { name: "Apply new prices to 1 listing" }));
    await expect(page.getByRole("heading", { name: /^Applied: Changes from a file/ })).toBeFocused();
    expect(pricesOf(seller)).toEqual({ ...before, "Repriced lamp 08": 1999 });
  });

  test("a tab closed while its file is on its way leaves the hub answering: no price changed, the next file taken", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const seller = "repricer-import-closed";
    const before = pricesOf(seller);
    // A preview writes no price: whether the server had the whole file before the tab closed is timing.
    const appliedChanges = () =>
      queryTestDatabase<{ count: number }>(
        "select count(*) as count from listing_change join seller on seller.id = seller_id where username = ? and state = 'applied'",
        seller,
      )[0]?.count;
    await signIn(page, seller, DEMO.password);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first().click();
    const { records } = await download(page, /^Export these \d+ listings \(CSV\)$/, ",");
    const [headings, ...rows] = records as [string[], ...string[][]];
    for (const row of rows) row[headings.indexOf("Price")] = "30";
    // A file of two megabytes (its titles long), sent at 200 kB/s as Chromium emulates it: the tab still waits for its answer when it closes.
    const large = [headings, ...rows.map((row) => row.map((cell, at) => (at === 2 ? cell.padEnd(30_000, "…") : cell)))];
    await page.getByRole("link", { name: "Import prices and quantities from a file" }).click();
    await page.getByLabel("Listings file (CSV)").setInputFiles(fileOf("listings.csv", large));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 200_000,
    });
    // The import's own request: the page's site-speed beacon is a POST too.
    const isImport = (request: { method(): string; url(): string }) =>
      request.method() === "POST" && /^\/sh\/lst\/import(\.data)?$/.test(new URL(request.url()).pathname);
    const sent = page.waitForRequest(isImport);
    let answered = false;
    page.on("response", (response) => {
      if (isImport(response.request())) answered = true;
    });
    await page.getByRole("button", { name: "Check the file" }).click();
    await sent;
    await page.waitForTimeout(1_000);
    expect(answered, "the tab was still waiting for its answer").toBe(false);
    await page.close();

    const next = await (await browser.newContext()).newPage();
    await signIn(next, seller, DEMO.password);
    await next.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first().click();
    await next.getByRole("link", { name: "Import prices and quantities from a file" }).click();
    expect(appliedChanges()).toBe(0);
    expect(pricesOf(seller)).toEqual(before);
    await next.getByLabel("Listings file (CSV)").setInputFiles(fileOf("listings.csv", [headings, ...rows]));
    await next.getByRole("button", { name: "Check the file" }).click();
    await expect(next.getByRole("heading", { name: /^Preview: Changes from a file/ })).toBeVisible();
    expect(pricesOf(seller)).toEqual(before);
    await next.context().close();
  });

  test.describe("on a phone 320 px wide, by touch", () => {
    test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

    test("the file's reasons and its preview fit the screen, and the prices are applied", async ({ page }) => {
      test.setTimeout(90_000);
      const seller = "repricer-import-touch";
      const before = pricesOf(seller);
      await signIn(page, seller, DEMO.password);
      await waitForHydration(page);
      await tapInMenu(page, "All listings");
      const { records } = await download(page, /^Export these \d+ listings \(CSV\)$/, ",", "tap");
      const [headings, ...rows] = records as [string[], ...string[][]];
      const row = (title: string) => rows.find((record) => record[headings.indexOf("Title")] === title) as string[];
      row("Repriced lamp 10")[headings.indexOf("Price")] = "25";
      row("Repriced lamp 11")[headings.indexOf("Currency")] = "EUR";

      await page.getByRole("link", { name: "Import prices and quantities from a file" }).tap();
      const choose = async (file: string[][]) => {
        const chooser = page.waitForEvent("filechooser");
        await page.getByLabel("Listings file (CSV)").tap();
        await (await chooser).setFiles(fileOf("listings.csv", file));
        await page.getByRole("button", { name: "Check the file" }).tap();
      };
      await choose([headings, ...rows]);
      await expect(page.getByRole("region", { name: "The file was not imported" }).getByRole("listitem")).toHaveText([
        `Row ${rows.indexOf(row("Repriced lamp 11")) + 2}: The listing’s currency is USD, and the row says EUR: the hub does not convert prices.`,
      ]);
      expect(await scrollsNoWider(page)).toBe(true);
      await expectNoAccessibilityViolations(page);

      row("Repriced lamp 11")[headings.indexOf("Currency")] = "USD";
      await choose([headings, ...rows]);
      await expect(page.getByRole("heading", { name: /^Preview: Changes from a file/ })).toBeVisible();
      expect(await scrollsNoWider(page)).toBe(true);
      await page.getByRole("button", { name: "Apply new prices to 1 listing" }).tap();
      await expect(page.getByRole("heading", { name: /^Applied: Changes from a file/ })).toBeVisible();
      expect(pricesOf(seller)).toEqual({ ...before, "Repriced lamp 10": 2500 });
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a European spreadsheet's file (semicolons, decimal commas, German headings) is previewed and applied", async ({
      page,
    }) => {
      const seller = "repricer-import-nojs";
      const before = pricesOf(seller);
      const database = openTestDatabase();
      const { id } = database
        .prepare(
          "select listing.id from listing join seller on seller.id = listing.seller_id where username = ? and title = ?",
        )
        .get(seller, "Repriced lamp 04") as { id: number };
      database.close();
      await signIn(page, seller, DEMO.password);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first().click();
      await page.getByRole("link", { name: "Import prices and quantities from a file" }).click();

      const field = page.getByLabel("Listings file (CSV)");
      await page.getByRole("button", { name: "Check the file" }).click();
      await expect(page.getByRole("region", { name: "The file was not imported" })).toContainText(
        "Choose a file to import.",
      );
      await field.setInputFiles(
        fileOf(
          "Angebote.csv",
          [
            ["Angebotsnummer", "Titel", "Preis", "Währung"],
            [String(id), "Lampe; alt", "12,34", "USD"],
          ],
          ";",
        ),
      );
      await page.getByRole("button", { name: "Check the file" }).click();
      await expect(page.getByRole("heading", { name: /^Preview: Changes from a file/ })).toBeVisible();
      await expectNoAccessibilityViolationsWithoutJavaScript(page);
      await page.getByRole("button", { name: "Apply new prices to 1 listing" }).click();
      await expect(page.getByRole("heading", { name: /^Applied: Changes from a file/ })).toBeVisible();
      expect(pricesOf(seller)).toEqual({ ...before, "Repriced lamp 04": 1234 });
    });
  });
});
