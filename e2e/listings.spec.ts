import {
  emulateSlowNetwork,
  expect,
  expectNoAccessibilityViolations,
  openTestDatabase,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";
import type { Page } from "@playwright/test";

/** How many of the demo seller's listings match a SQL condition, read from the server's database. */
function demoCount(where = "1 = 1", ...parameters: string[]): number {
  const database = openTestDatabase();
  const { count } = database
    .prepare(
      `select count(*) as count from listing join seller on seller.id = listing.seller_id where username = 'demo' and ${where}`,
    )
    .get(...parameters) as { count: number };
  database.close();
  return count;
}

const summary = (page: Page) => page.locator("output.results-summary");
const rows = (page: Page) => page.getByRole("table", { name: /Your listings/ }).locator("tbody tr");
const columnOf = async (page: Page, heading: string) => {
  const headings = await page
    .getByRole("table", { name: /Your listings/ })
    .locator("thead :is(th, td)")
    .allTextContents();
  return headings.findIndex((text) => text.startsWith(heading));
};

test.describe("the listings page", () => {
  test("shows the demo seller's listings a page at a time", async ({ signedInPage: page }) => {
    await page.goto("/sh/lst/active");
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await expect(summary(page)).toHaveText(`Showing 1–20 of ${demoCount()} listings.`);
    await expect(rows(page)).toHaveCount(20);
    await expect(
      page.getByRole("navigation", { name: "Pages of listings" }).getByRole("link", { name: "Page 1" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("a filter change re-filters in place, resets the offset, and announces itself before and after", async ({
    signedInPage: page,
  }) => {
    await page.goto("/sh/lst/active?offset=40");
    await waitForHydration(page);
    await expect(summary(page)).toHaveText(/^Showing 41–60 of/);
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { refilterEvents: seen, sameDocument: true });
      for (const type of ["seller-hub:refilter-before", "seller-hub:refilter-after"]) {
        window.addEventListener(type, (event) =>
          seen.push(`${type.split("-").pop()} ${(event as CustomEvent<{ url: string }>).detail.url}`),
        );
      }
    });

    await page.getByRole("search", { name: "Filter listings" }).getByLabel("Status").selectOption("ended");

    const ended = demoCount("status = 'ended'");
    await expect(page).toHaveURL(/\/sh\/lst\/active\?offset=0&status=ended$/);
    await expect(summary(page)).toHaveText(`Showing 1–${Math.min(20, ended)} of ${ended} listings.`);
    const statusColumn = await columnOf(page, "Status");
    for (const status of await rows(page)
      .locator(`:is(th, td):nth-child(${statusColumn + 1})`)
      .allTextContents())
      expect(status).toBe("Ended");
    expect(await page.evaluate(() => (window as unknown as { refilterEvents: string[] }).refilterEvents)).toEqual([
      "before /sh/lst/active?offset=0&status=ended",
      "after /sh/lst/active?offset=0&status=ended",
    ]);
    // A client-side navigation: the document, and what was put on its window, is still there.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("page links move through the results, and Back and Forward retrace them", async ({ signedInPage: page }) => {
    await page.goto("/sh/lst/active?condition=used");
    await waitForHydration(page);
    const used = demoCount("condition = 'used'");
    const pages = page.getByRole("navigation", { name: "Pages of listings" });

    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/condition=used&offset=20$/);
    await expect(summary(page)).toHaveText(`Showing 21–${Math.min(40, used)} of ${used} listings.`);
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("table", { name: /Your listings/ })).toBeFocused();

    await page.getByLabel("Condition").selectOption("new");
    await expect(page).toHaveURL(/condition=new&offset=0$/);

    await page.goBack();
    await expect(page).toHaveURL(/condition=used&offset=20$/);
    await expect(summary(page)).toHaveText(/^Showing 21–/);
    await expect(page.getByLabel("Condition")).toHaveValue("used");
    await page.goBack();
    await expect(summary(page)).toHaveText(/^Showing 1–20 of/);
    await page.goForward();
    await expect(summary(page)).toHaveText(/^Showing 21–/);
    await page.goForward();
    await expect(page.getByLabel("Condition")).toHaveValue("new");
    await expect(summary(page)).toHaveText(
      `Showing 1–${Math.min(20, demoCount("condition = 'new'"))} of ${demoCount("condition = 'new'")} listings.`,
    );
  });

  test("search text applies when submitted, whatever its case", async ({ signedInPage: page }) => {
    await page.goto("/sh/lst/active");
    await waitForHydration(page);
    await page.getByLabel("Search titles").fill("  KINDLE ");
    await page.getByLabel("Search titles").press("Enter");
    const kindles = demoCount("title like '%kindle%'");
    await expect(page).toHaveURL(/q=KINDLE/);
    await expect(summary(page)).toHaveText(`Showing 1–${Math.min(20, kindles)} of ${kindles} listings.`);
    for (const title of await rows(page).locator("th").allTextContents()) expect(title).toMatch(/Kindle/);
  });

  test("the Price heading sorts by price, and says which way", async ({ signedInPage: page }) => {
    await page.goto("/sh/lst/active");
    await waitForHydration(page);
    const price = page.getByRole("columnheader", { name: /^Price/ });
    await price.getByRole("link").click();
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(price).toHaveAttribute("aria-sort", "ascending");
    const database = openTestDatabase();
    const { lowest } = database
      .prepare(
        "select min(price) as lowest from listing join seller on seller.id = listing.seller_id where username = 'demo'",
      )
      .get() as { lowest: number };
    database.close();
    const priceColumn = await columnOf(page, "Price");
    await expect(
      rows(page)
        .first()
        .locator(`td:nth-child(${priceColumn + 1})`),
    ).toHaveText((lowest / 100).toLocaleString("en-US", { style: "currency", currency: "USD" }));

    await price.getByRole("link").click();
    await expect(price).toHaveAttribute("aria-sort", "descending");
    await expect(page.getByLabel("Sort by")).toHaveValue("price_desc");
  });

  test("malformed parameters are corrected or ignored, never a server error", async ({ signedInPage: page }) => {
    const response = await page.goto(
      "/sh/lst/active?offset=-20&limit=1000000&status=sold-out&condition=mint&sort=random",
    );
    expect(response?.status()).toBe(200);
    await expect(summary(page)).toHaveText(`Showing 1–100 of ${demoCount()} listings.`);
    await expect(page.getByLabel("Per page")).toHaveValue("100");

    await page.goto("/sh/lst/active?offset=99999");
    await expect(summary(page)).toHaveText(new RegExp(`of ${demoCount()} listings\\.$`));
    await expect(rows(page)).not.toHaveCount(0);
  });

  test("when nothing matches it says so and offers to clear the filters", async ({ signedInPage: page }) => {
    await page.goto("/sh/lst/active?q=no-such-listing&status=ended");
    await waitForHydration(page);
    await expect(summary(page)).toHaveText("No listings match these filters.");
    await expectNoAccessibilityViolations(page);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/sh\/lst\/active$/);
    await expect(summary(page)).toHaveText(`Showing 1–20 of ${demoCount()} listings.`);
  });

  test("a tick shows in the same moment as the click, and quick ticks and unticks end as the seller left them", async ({
    signedInPage: page,
  }) => {
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    const first = page
      .getByRole("table", { name: /Your listings/ })
      .getByRole("checkbox")
      .nth(1);
    await expect(first).not.toBeChecked();
    // Read in the same task as the click: a box that reverts inside the event reads as "the click did nothing".
    expect(await first.evaluate((box: HTMLInputElement) => (box.click(), box.checked))).toBe(true);
    await expect(first).toBeChecked();
    await emulateSlowNetwork(page, 300);
    // Five quick clicks on the ticked box, each a request on a slow network: it ends unticked, the fifth box ticked.
    const fifth = page
      .getByRole("table", { name: /Your listings/ })
      .getByRole("checkbox")
      .nth(5);
    for (let click = 0; click < 5; click++) await first.click();
    await fifth.click();
    await expect(first).not.toBeChecked();
    await expect(fifth).toBeChecked();
    await expect(
      page.getByRole("region", { name: "Change prices or quantities in bulk" }).locator("output"),
    ).toHaveText("1 listing selected.");
    // What the server kept, once the ticks still on their way have arrived. (waitForLoadState("networkidle")
    // resolved at once, the page having been idle after its load, and the reload overtook the last tick.)
    const [firstId, fifthId] = [await first.getAttribute("value"), await fifth.getAttribute("value")];
    const ticked = (html: string, id: string | null) =>
      [...html.matchAll(/<input\b[^>]*>/g)].some(
        ([tag]) => tag.includes(`value="${id}"`) && tag.includes('name="listing"') && /\schecked/.test(tag),
      );
    await expect
      .poll(async () => {
        const html = await (await page.request.get("/sh/lst/active")).text();
        return { first: ticked(html, firstId), fifth: ticked(html, fifthId) };
      })
      .toEqual({ first: false, fifth: true });
    await page.reload();
    await expect(first).not.toBeChecked();
    await expect(fifth).toBeChecked();
  });

  test("has no accessibility violations", async ({ signedInPage: page }) => {
    await page.goto("/sh/lst/active?offset=20&sort=title_asc");
    await waitForHydration(page);
    await expectNoAccessibilityViolations(page);
  });
});

test.describe("the listings page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters are a GET form and the pages are links, with the same results", async ({ page }) => {
    await signIn(page);
    await page.goto("/sh/lst/active?offset=40");
    await page.getByLabel("Status").selectOption("active");
    await page.getByLabel("Sort by").selectOption("price_desc");
    await page.getByRole("button", { name: "Apply filters" }).click();

    const active = demoCount("status = 'active'");
    await expect(page).toHaveURL(/status=active/);
    await expect(page).not.toHaveURL(/offset=40/);
    await expect(summary(page)).toHaveText(`Showing 1–20 of ${active} listings.`);
    await expect(page.getByRole("columnheader", { name: /^Price/ })).toHaveAttribute("aria-sort", "descending");

    await page.getByRole("navigation", { name: "Pages of listings" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/offset=20/);
    await expect(summary(page)).toHaveText(`Showing 21–40 of ${active} listings.`);
  });
});
