import { DEMO, expect, expectNoAccessibilityViolations, signIn, test, waitForHydration } from "./fixtures";

/*
 * Sellers on eBay's other sites (demo-de, demo-fr): their listings titled in their language and
 * priced in euros, found by the words they type, with or without the accents, and their money
 * written as they write it.
 */
test.describe("a seller on eBay Germany", () => {
  test("finds a title with ß by typing ss, and sees its price in euros as Germans write it", async ({ page }) => {
    await signIn(page, "demo-de", DEMO.password);
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await page.getByLabel("Search titles").fill("STRASSENKARTE");
    await page.getByLabel("Search titles").press("Enter");
    await expect(page).toHaveURL(/q=STRASSENKARTE/);
    const rows = page.getByRole("table", { name: /Your listings/ }).locator("tbody tr");
    await expect(rows.first()).toContainText("Straßenkarte Deutschland");
    for (const title of await rows.locator("th").allTextContents()) expect(title).toMatch(/^Straßenkarte Deutschland/);
    // 14,90 € or thereabouts: a decimal comma, the sign after the amount.
    await expect(rows.first()).toContainText(/\d+,\d{2}\s€/);
    await expectNoAccessibilityViolations(page);
  });
});

test.describe("a seller on eBay France", () => {
  test("finds their screen from the header's search without typing its accent", async ({ page }) => {
    await signIn(page, "demo-fr", DEMO.password);
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: "Search listings, pages and messages" }).click();
    await page.keyboard.type("ecran dell");
    const popup = page.getByRole("listbox", { name: "Search results" });
    await expect(popup.getByRole("option", { name: /^Écran Dell UltraSharp 27 pouces 4K/ }).first()).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Listing" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Écran Dell UltraSharp 27 pouces 4K");
  });
});
