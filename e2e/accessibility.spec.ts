import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { sampleBeacon, sampleInAppBeacon } from "../test/speed-beacons";
import { expect, signIn, test, waitForHydration } from "./fixtures";

/*
 * axe-core with every rule it has (WCAG 2.2 A and AA, and its best practices) on each page as a
 * busy seller sees it: the demo seller's 160 listings, the demo's messages showing, a dashboard
 * of many measured pages, dialogs open, and a phone's width.
 */
async function expectNoViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
}

/** Beacons for several pages, sent as a browser on the hub sends them, so that the dashboard has them all. */
async function measureSeveralPages(page: Page): Promise<void> {
  const pages = ["sellerHubOverview", "sellerHubActiveListings", "sellerHubListingDetail", "sellerHubSiteSpeed", "sellerHubProductSummary"];
  for (const pageName of pages) {
    for (const beacon of [sampleBeacon({ pageName }), sampleInAppBeacon({ pageName })]) {
      const response = await page.request.post("/sh/beacon", { data: JSON.stringify(beacon), headers: { "Content-Type": "text/plain;charset=UTF-8", "Sec-Fetch-Site": "same-origin" } });
      expect(response.status()).toBe(204);
    }
  }
}

test.describe("every page with a busy seller's data, all axe rules", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await waitForHydration(page);
  });

  test("the overview, with its messages", async ({ page }) => {
    await expect(page.getByRole("region", { name: "Messages" })).toBeVisible();
    await expectNoViolations(page);
  });

  test("the listings page, and a listing's own page reached from it", async ({ page }) => {
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await expectNoViolations(page);
    // The first listing's title (the header row's links sort the table).
    await page.getByRole("table").getByRole("row").nth(1).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Listing" })).toBeVisible();
    await expect(page.frameLocator('iframe[title="Product summary"]').getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page);
  });

  test("the site-speed dashboard after many pages were measured", async ({ page }) => {
    await measureSeveralPages(page);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();
    await expectNoViolations(page);
  });

  test("the opt-out dialog, asking and after a refusal", async ({ page }) => {
    await page.route("**/sh/optout", (route) => (route.request().method() === "POST" ? route.fulfill({ status: 500 }) : route.fallback()));
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    await page.getByRole("complementary", { name: "Seller tools" }).getByRole("link", { name: "Switch to the previous tool" }).click();
    await expect(page.getByRole("dialog", { name: "Switch to the previous tool?" })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole("button", { name: "Switch", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "We could not switch you" })).toBeVisible();
    await expectNoViolations(page);
  });
});

test.describe("at a phone's width", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the overview and the listings page", async ({ page }) => {
    await signIn(page);
    await waitForHydration(page);
    await expectNoViolations(page);
    await page.goto("/sh/lst/active");
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await expectNoViolations(page);
  });
});
