import type { Page } from "@playwright/test";
import { sampleBeacon, sampleInAppBeacon } from "../test/speed-beacons";
import { expect } from "./fixtures";

/** Beacons for several pages, sent as a browser on the hub sends them, so that the dashboard has them all. */
export async function measureSeveralPages(page: Page): Promise<void> {
  const pages = [
    "sellerHubOverview",
    "sellerHubActiveListings",
    "sellerHubListingDetail",
    "sellerHubSiteSpeed",
    "sellerHubProductSummary",
  ];
  for (const pageName of pages) {
    await sendBeacons(page, [sampleBeacon({ pageName }), sampleInAppBeacon({ pageName })]);
  }
}

/** Sends each beacon as the hub's own page does, for the signed-in seller, and expects it taken. */
export async function sendBeacons(page: Page, beacons: readonly unknown[]): Promise<void> {
  for (const beacon of beacons) {
    const response = await page.request.post("/sh/beacon", {
      data: JSON.stringify(beacon),
      headers: { "Content-Type": "text/plain;charset=UTF-8", "Sec-Fetch-Site": "same-origin" },
    });
    expect(response.status()).toBe(204);
  }
}

/**
 * Picks a page in the site-speed dashboard's table for its own figures and charts below it (a
 * page load, the rest of the query kept), and waits for that page: the table's link to it is then
 * the current one. A phone's test taps the link, as a seller's finger does.
 */
export async function showPageFigures(page: Page, pageName: string, by: "click" | "tap" = "click"): Promise<void> {
  const link = page.getByRole("rowheader").getByRole("link", { name: new RegExp(`\\b${pageName}$`) });
  await (by === "tap" ? link.tap() : link.click());
  await expect(page).toHaveURL(new RegExp(`[?&]page=${pageName}(&|#|$)`));
  await expect(link).toHaveAttribute("aria-current", "true");
}
