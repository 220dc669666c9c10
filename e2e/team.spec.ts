import type { Page } from "@playwright/test";
import {
  emulateSlowNetwork,
  expect,
  expectNoAccessibilityViolations,
  pricesOf,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";

/*
 * The demo account's team (decision 086): demo-manager and demo-viewer work on the demo seller's
 * listings. Each sees only what their role can use, and a request for the rest, crafted or typed
 * into the address bar, is refused with the reason and changes nothing.
 */

/** The session's anti-forgery token, as the page's own forms carry it. */
const sessionToken = (page: Page) => page.locator('input[name="srt"]').first().inputValue();

async function openFirstListing(page: Page): Promise<string> {
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
  const first = page.getByRole("table").getByRole("row").nth(1).getByRole("link").first();
  const title = (await first.textContent()) ?? "";
  await first.click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  return new URL(page.url()).pathname;
}

test.describe("a viewer of the demo account", () => {
  test("reads the listings and changes nothing: no form to change them, a crafted change refused with the reason", async ({
    page,
  }) => {
    await emulateSlowNetwork(page);
    await signIn(page, "demo-viewer");
    await waitForHydration(page);
    await expect(page.getByRole("complementary", { name: "Seller tools" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Switch to the previous tool" })).toHaveCount(0);

    const listingPath = await openFirstListing(page);
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Change the price or quantity" })).toHaveCount(0);
    await page.getByRole("main").getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await expect(page.getByRole("checkbox")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Import prices and quantities from a file" })).toHaveCount(0);
    await expectNoAccessibilityViolations(page);

    const before = pricesOf("demo");
    const crafted = await page.request.post(listingPath, {
      form: { srt: await sessionToken(page), price: "1.00", quantity: "0" },
    });
    expect(crafted.status()).toBe(403);
    expect(await crafted.text()).toContain(
      "As a viewer of this account, you cannot change its prices or quantities. The account’s owner can change your role.",
    );
    expect(pricesOf("demo")).toEqual(before);
  });

  test("asking for a page of a manager is a readable refusal in the viewer's own language", async ({ page }) => {
    await signIn(page, "demo-viewer");
    const response = await page.goto("/sh/lst/import");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "This action is not allowed" })).toBeVisible();
    await expect(
      page.getByText("As a viewer of this account, you cannot bring in prices or quantities from a file."),
    ).toBeVisible();
    await page.getByRole("link", { name: "Go to the overview" }).click();
    await expect(page).toHaveURL(/\/sh\/ovw$/);
    await expectNoAccessibilityViolations(page);
  });
});

test.describe("a viewer without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sees a listing with no form to change it", async ({ page }) => {
    await signIn(page, "demo-viewer");
    await openFirstListing(page);
    await expect(page.getByRole("heading", { name: "Change the price or quantity" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Price and quantity history" })).toBeVisible();
  });
});

test.describe("a manager of the demo account", () => {
  test("runs the listings but not the account: the bulk tools and the import are there, switching tools is not", async ({
    page,
  }) => {
    await signIn(page, "demo-manager");
    await waitForHydration(page);
    await openFirstListing(page);
    await expect(page.getByRole("heading", { level: 3, name: "Change the price or quantity" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("checkbox").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Import prices and quantities from a file" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Switch to the previous tool" })).toHaveCount(0);

    const response = await page.goto("/sh/optout");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("As a manager of this account, you cannot switch its listings tool.")).toBeVisible();
  });
});
