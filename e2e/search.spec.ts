import type { Page } from "@playwright/test";
import {
  emulateSlowNetwork,
  expect,
  expectNoAccessibilityViolations,
  openTestDatabase,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";
import { TYPING_PAUSE_MS } from "../app/search/components/header-search/use-search-results.ts";

interface StoredListing {
  id: number;
  title: string;
  epid: string;
}

/** A listing of the named seller, read from the server's database. */
function listingOf(username: string, where = "1 = 1"): StoredListing {
  const database = openTestDatabase();
  const listing = database
    .prepare(
      `select listing.id, title, epid from listing join seller on seller.id = listing.seller_id where username = ? and ${where} order by listing.id limit 1`,
    )
    .get(username) as unknown as StoredListing;
  database.close();
  return listing;
}

const searchField = (page: Page) =>
  page
    .getByRole("search", { name: "Search the hub" })
    .getByRole("combobox", { name: "Search listings, pages and messages" });
const popup = (page: Page) => page.getByRole("listbox", { name: "Search results" });

/** Ctrl+K once the header's search is on the page (signing in leads to the overview in the browser). */
async function pressCommandK(page: Page) {
  await expect(page.getByRole("search", { name: "Search the hub" })).toBeVisible();
  await page.keyboard.press("Control+k");
}

/** The option that aria-activedescendant names, as assistive technology reads it. */
async function expectActiveOption(page: Page, name: string | RegExp) {
  const activeId = await searchField(page).getAttribute("aria-activedescendant");
  expect(activeId).toBeTruthy();
  await expect(page.locator(`[id="${activeId}"]`)).toHaveAccessibleName(name);
  await expect(page.locator(`[id="${activeId}"]`)).toHaveAttribute("aria-selected", "true");
}

/** Arrow down until the option with this name is the active one. */
async function arrowDownTo(page: Page, name: string | RegExp) {
  const count = await popup(page).getByRole("option").count();
  for (let step = 0; step < count; step += 1) {
    await page.keyboard.press("ArrowDown");
    const activeId = await searchField(page).getAttribute("aria-activedescendant");
    const text = activeId ? await page.locator(`[id="${activeId}"]`).textContent() : "";
    if (typeof name === "string" ? text?.startsWith(name) : name.test(text ?? "")) return;
  }
  throw new Error(`No option named ${name} in the popup`);
}

test.describe("the hub's search, by keyboard", () => {
  test("Ctrl+K goes to the field; a word of a listing's title finds it, and Enter opens it", async ({
    signedInPage: page,
  }) => {
    const listing = listingOf("demo");
    const word = listing.title.split(" ")[0] as string;
    await pressCommandK(page);
    await expect(searchField(page)).toBeFocused();
    await page.keyboard.type(word);
    await expect(popup(page)).toBeVisible();
    await expect(searchField(page)).toHaveAttribute("aria-expanded", "true");
    await expect(popup(page).getByRole("group", { name: "Listings" }).getByRole("option").first()).toContainText(word);
    await expect(page.getByRole("status").filter({ hasText: /listing/ })).toHaveText(
      /\d+ listings?.*Arrow down to choose\./,
    );

    await arrowDownTo(page, listing.title);
    await expectActiveOption(page, new RegExp(`^${listing.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    await expect(searchField(page)).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(new RegExp(`/sh/lst/${listing.id}$`));
    await expect(page.getByRole("heading", { level: 2, name: listing.title })).toBeVisible();
    // Focus stays where the seller was, never on nothing.
    await expect(searchField(page)).toBeFocused();
  });

  test("Ctrl+K goes to the field; a word of a page's label finds the page, and Enter opens it", async ({
    signedInPage: page,
  }) => {
    await page.getByRole("heading", { level: 1 }).click();
    await page.keyboard.press("Control+K");
    await expect(searchField(page)).toBeFocused();
    await page.keyboard.type("out of stock");
    const option = popup(page)
      .getByRole("group", { name: "Pages" })
      .getByRole("option", { name: "Listings › Out of stock" });
    await expect(option).toBeVisible();
    await arrowDownTo(page, "Listings › Out of stock");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/sh\/lst\/active\?status=out_of_stock$/);
    await expect(page.getByRole("search", { name: "Filter listings" }).getByLabel("Status")).toHaveValue(
      "out_of_stock",
    );
  });

  test("Escape closes the popup, then clears the field; Enter with no option chosen shows every result", async ({
    signedInPage: page,
  }) => {
    await pressCommandK(page);
    await page.keyboard.type("site speed");
    await expect(popup(page).getByRole("option", { name: "Performance › Site speed" })).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Escape");
    await expect(popup(page)).toBeHidden();
    await expect(searchField(page)).toHaveAttribute("aria-expanded", "false");
    await expect(searchField(page)).not.toHaveAttribute("aria-activedescendant");
    await expect(searchField(page)).toHaveValue("site speed");
    await page.keyboard.press("Escape");
    await expect(searchField(page)).toHaveValue("");
    await expect(searchField(page)).toBeFocused();

    await page.keyboard.type("speed");
    await expect(popup(page).getByRole("option", { name: "See all listings matching “speed”" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/sh\/search\?q=speed$/);
    await expect(page.getByRole("main").getByRole("link", { name: "Performance › Site speed" })).toBeVisible();
  });

  test("another seller's listing is never found, by title, number or ePID", async ({ signedInPage: page }) => {
    const theirs = listingOf("blue-star");
    const mine = listingOf("demo");
    for (const text of [String(theirs.id), theirs.epid, theirs.title]) {
      await page.goto(`/sh/search?${new URLSearchParams({ q: text })}`);
      await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
      await expect(page.locator(`a[href="/sh/lst/${theirs.id}"]`)).toHaveCount(0);
    }
    await expect(page.getByRole("main")).not.toContainText(`Nothing matches`);
    await page.goto(`/sh/search?q=${theirs.id}`);
    await expect(page.getByRole("main")).toContainText(`Nothing matches “${theirs.id}”`);
    await page.goto(`/sh/search?q=${mine.id}`);
    await expect(
      page.getByRole("region", { name: "Listings" }).getByRole("link", { name: mine.title }).first(),
    ).toBeVisible();
  });

  test("typing sends one request per pause, the newest answer wins, even on a slow network", async ({
    signedInPage: page,
  }) => {
    // While the seller types, the page's timers follow a clock the test moves, half the typing pause
    // a key: a pause is one the test makes, never a stall of a busy machine between two keys (one
    // CI run saw a request for "pe" so). Time runs on between words, for the answers to arrive.
    await page.clock.install();
    await page.reload();
    await waitForHydration(page);
    await emulateSlowNetwork(page);
    const requested: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/sh/search")) requested.push(url.searchParams.get("q") ?? "");
    });
    const typeQuickly = async (keys: string[]) => {
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      for (const key of keys) {
        await page.keyboard.press(key);
        await page.clock.runFor(TYPING_PAUSE_MS / 2);
      }
      await page.clock.resume();
    };
    await pressCommandK(page);
    await typeQuickly([..."perf"]);
    await expect(popup(page).getByRole("option", { name: "Performance › Site speed" })).toBeVisible();
    await typeQuickly(["Backspace", "Backspace", "Backspace", "Backspace", ..."ended"]);
    await expect(popup(page).getByRole("option", { name: "Listings › Ended" })).toBeVisible();
    await expect(popup(page).getByRole("option", { name: "Performance › Site speed" })).toHaveCount(0);
    expect(requested.filter((text) => text !== "")).toEqual(["perf", "ended"]);
  });

  test("axe finds nothing with the popup open", async ({ signedInPage: page }) => {
    await pressCommandK(page);
    await page.keyboard.type("listings");
    await expect(popup(page)).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expectNoAccessibilityViolations(page);
  });
});

test.describe("the hub's search on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a Search button opens the field across the header; axe finds nothing with the popup open", async ({
    signedInPage: page,
  }) => {
    const button = page.getByRole("banner").getByRole("button", { name: "Search the hub" });
    await expect(searchField(page)).toBeHidden();
    await button.tap();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(searchField(page)).toBeFocused();
    const header = await page.getByRole("banner").boundingBox();
    const field = await searchField(page).boundingBox();
    expect(field?.width).toBeGreaterThan((header?.width ?? 0) * 0.6);
    await page.keyboard.type("sold out");
    await expect(popup(page).getByRole("option", { name: "Listings › Out of stock" })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await expect(button).toBeFocused();
    await expect(searchField(page)).toBeHidden();
  });
});

test.describe("the hub's search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the field is a form to the results page, whose links open a listing and a page", async ({ page }) => {
    await signIn(page);
    const listing = listingOf("demo");
    const word = listing.title.split(" ")[0] as string;
    const field = page
      .getByRole("search", { name: "Search the hub" })
      .getByRole("searchbox", { name: "Search listings, pages and messages" });
    await field.focus();
    await page.keyboard.type(word);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/sh/search?q=${encodeURIComponent(word)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    await expect(field).toHaveValue(word);
    const results = page.getByRole("region", { name: "Listings" });
    await expect(results.getByRole("link").first()).toContainText(word);

    await field.fill("ended");
    await field.press("Enter");
    const pageLink = page.getByRole("region", { name: "Pages" }).getByRole("link", { name: "Listings › Ended" });
    await pageLink.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/sh\/lst\/active\?status=ended$/);
  });

  test("a text of control characters or thousands of characters gets a clear notice, never an error", async ({
    page,
  }) => {
    await signIn(page);
    const long = await page.goto(`/sh/search?q=${"kindle ".repeat(800)}`);
    expect(long?.status()).toBe(200);
    await expect(page.getByText("Only the first 100 characters were searched.")).toBeVisible();
    const controls = await page.goto("/sh/search?q=%00%01%07");
    expect(controls?.status()).toBe(200);
    await expect(page.getByText("Control characters were left out of your search.")).toBeVisible();
  });

  test("the results page pages through many listings", async ({ page }) => {
    await signIn(page);
    await page.goto("/sh/search?q=e");
    const pages = page.getByRole("navigation", { name: "Pages of listings found" });
    await pages.getByRole("link", { name: "Next page" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]offset=20/);
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("a product's listings by its ePID", () => {
  test("the results page counts them all and leads to every one of them on the listings page", async ({
    signedInPage: page,
  }) => {
    const database = openTestDatabase();
    const { epid, listings } = database
      .prepare(
        "select epid, count(*) as listings from listing join seller on seller.id = listing.seller_id where username = 'demo' group by epid order by listings desc, epid limit 1",
      )
      .get() as { epid: string; listings: number };
    database.close();
    expect(listings).toBeGreaterThan(5);

    await pressCommandK(page);
    await page.keyboard.type(epid);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    const group = page.getByRole("region", { name: "Listings" });
    await expect(group).toContainText(`${listings} listings are of the product ePID ${epid}`);
    await group.getByRole("link", { name: `see all ${listings} on the listings page` }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await expect(page.getByText(`Listings of product ePID ${epid}.`)).toBeVisible();
    await expect(page.getByText(new RegExp(`^Showing 1–\\d+ of ${listings} listings\\.$`))).toBeVisible();
    await page.getByRole("link", { name: "Show every product" }).click();
    await expect(page.getByText(`Listings of product ePID ${epid}.`)).toBeHidden();
  });
});

test.describe("the results page", () => {
  test("axe finds nothing on it", async ({ signedInPage: page }) => {
    await page.goto("/sh/search?q=kindle");
    await waitForHydration(page);
    await expect(page.getByRole("region", { name: "Listings" }).getByRole("link").first()).toContainText("Kindle");
    await expectNoAccessibilityViolations(page);
  });
});
