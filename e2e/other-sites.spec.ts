import { DEMO, expect, expectNoAccessibilityViolations, signIn, test, waitForHydration } from "./fixtures";

/*
 * Sellers on eBay's other sites (demo-de, demo-fr), in their language: their listings titled in
 * it and priced in euros, found by the words they type, with or without the accents, and their
 * money written as they write it.
 */
test.describe("a seller on eBay Germany", () => {
  test("finds a title with ß by typing ss, and sees its price in euros as Germans write it", async ({ page }) => {
    await signIn(page, "demo-de", DEMO.password);
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Bereiche" }).getByRole("link", { name: "Alle Angebote" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Angebote" })).toBeVisible();
    await page.getByLabel("Titel durchsuchen").fill("STRASSENKARTE");
    await page.getByLabel("Titel durchsuchen").press("Enter");
    await expect(page).toHaveURL(/q=STRASSENKARTE/);
    const rows = page.getByRole("table", { name: /Ihre Angebote/ }).locator("tbody tr");
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
    await page.getByRole("searchbox", { name: "Rechercher dans les annonces, les pages et les messages" }).click();
    await page.keyboard.type("ecran dell");
    const popup = page.getByRole("listbox", { name: "Résultats de recherche" });
    await expect(popup.getByRole("option", { name: /^Écran Dell UltraSharp 27 pouces 4K/ }).first()).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Annonce" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Écran Dell UltraSharp 27 pouces 4K");
  });
});
