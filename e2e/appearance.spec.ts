import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAccessibilityViolations, signIn, test, waitForHydration } from "./fixtures";
import { measureSeveralPages } from "./measured-pages";

/*
 * The hub in the appearance the seller's system asks for: dark, with every axe rule (its contrast
 * checks among them) on each page as a seller moves through it, before and without scripts; and
 * Windows' contrast themes (forced colours), where the current page and focus must still show.
 */

/** The relative luminance of a computed colour ("rgb(18, 19, 22)"), 0 for black to 1 for white. */
function luminance(color: string): number {
  const [red, green, blue] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((channel) => {
    const value = Number(channel) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (red ?? 0) + 0.7152 * (green ?? 0) + 0.0722 * (blue ?? 0);
}

/** The page's own background, as painted at this moment. */
function canvasOf(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
}

test.describe("dark, as the seller's system asks", () => {
  test.use({ colorScheme: "dark" });

  test("every page a seller moves through is dark and passes every axe rule: overview, listings, a listing and its summary, search, site speed, a dialog", async ({
    page,
  }) => {
    // Six pages, each checked with every axe rule.
    test.setTimeout(120_000);
    await signIn(page);
    await waitForHydration(page);
    expect(luminance(await canvasOf(page))).toBeLessThan(0.02);
    await expect(page.getByRole("region", { name: "Messages" })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    const sections = page.getByRole("navigation", { name: "Sections" });
    await sections.getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // The product summary follows the page's scheme: dark inside, with no light box around it.
    await page.getByRole("table").getByRole("row").nth(1).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Listing" })).toBeVisible();
    const summary = page.frameLocator('iframe[title="Product summary"]');
    await expect(summary.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 15_000 });
    const frameCanvas = await summary.locator("html").evaluate((root) => getComputedStyle(root).backgroundColor);
    expect(luminance(frameCanvas)).toBeLessThan(0.05);
    await expectNoAccessibilityViolations(page);

    // The search's popup of suggestions.
    await waitForHydration(page);
    const hubSearch = page.getByRole("search", { name: "Search the hub" });
    // A plain field until the combobox's code arrives, which coming to the field asks for.
    await hubSearch.getByRole("searchbox").click();
    const search = hubSearch.getByRole("combobox", { name: "Search listings, pages and messages" });
    await search.fill("lamp");
    await expect(page.getByRole("listbox")).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await search.press("Escape");

    // The dashboard with its charts: several pages measured first.
    await measureSeveralPages(page);
    await sections.getByRole("link", { name: "Site speed" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();
    await expect(page.getByRole("table", { name: /^Every page/ })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    // A dialog, over the dimmed page.
    await sections.getByRole("link", { name: "All listings" }).click();
    await waitForHydration(page);
    await page
      .getByRole("complementary", { name: "Seller tools" })
      .getByRole("link", { name: "Switch to the previous tool" })
      .click();
    const dialog = page.getByRole("dialog", { name: "Switch to the previous tool?" });
    await expect(dialog).toBeVisible();
    expect(luminance(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor))).toBeLessThan(0.05);
    await expectNoAccessibilityViolations(page, { include: '[role="dialog"]' });
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the first paint is already dark: the sign-in page and the overview", async ({ page }) => {
      await page.goto("/signin");
      expect(luminance(await canvasOf(page))).toBeLessThan(0.02);
      await signIn(page);
      await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
      expect(luminance(await canvasOf(page))).toBeLessThan(0.02);
    });
  });
});

test.describe("light, as the seller's system asks", () => {
  test.use({ colorScheme: "light" });

  test("the same hub is light", async ({ page }) => {
    await page.goto("/signin");
    expect(luminance(await canvasOf(page))).toBeGreaterThan(0.8);
  });
});

/**
 * The seller's own choice, made in the header's preferences. demo-fr: no other test changes that
 * seller's language or appearance, and the colours of none of its other tests are checked.
 */
async function chooseAppearance(page: Page, option: string) {
  const banner = page.getByRole("banner");
  await banner.getByText("Préférences", { exact: true }).filter({ visible: true }).click();
  await banner.getByRole("combobox", { name: "Apparence" }).selectOption({ label: option });
  await banner.getByRole("button", { name: "Changer d’apparence" }).click();
}

test.describe("the seller's own choice", () => {
  test.use({ colorScheme: "dark" });

  test("wins over the system's from the first paint, is kept across sign-ins, and works without JavaScript", async ({
    page,
    browser,
    baseURL,
  }) => {
    await signIn(page, "demo-fr");
    await waitForHydration(page);
    expect(luminance(await canvasOf(page))).toBeLessThan(0.02);

    // Light on a dark system, chosen by keyboard: the disclosure, the select, then its button.
    const banner = page.getByRole("banner");
    await banner.getByText("Préférences", { exact: true }).filter({ visible: true }).focus();
    await page.keyboard.press("Enter");
    const choice = banner.getByRole("combobox", { name: "Apparence" });
    await choice.focus();
    await choice.selectOption({ label: "Clair" });
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("data-appearance", "light");
    expect(luminance(await canvasOf(page))).toBeGreaterThan(0.8);

    // Kept with the seller: signed out and in again, still light.
    await banner.getByRole("button", { name: "Se déconnecter" }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/signin/);
    await signIn(page, "demo-fr");
    await expect(page.locator("html")).toHaveAttribute("data-appearance", "light");
    expect(luminance(await canvasOf(page))).toBeGreaterThan(0.8);

    // Without JavaScript, on a light system: dark as chosen, from the first paint of the page.
    const noScripts = await browser.newContext({ javaScriptEnabled: false, colorScheme: "light", baseURL });
    try {
      const plain = await noScripts.newPage();
      await signIn(plain, "demo-fr");
      expect(luminance(await canvasOf(plain))).toBeGreaterThan(0.8);
      await chooseAppearance(plain, "Sombre");
      await expect(plain.locator("html")).toHaveAttribute("data-appearance", "dark");
      expect(luminance(await canvasOf(plain))).toBeLessThan(0.02);

      // Back to the system's: each browser paints its own again.
      await chooseAppearance(plain, "Comme votre système");
      await expect(plain.locator("html")).toHaveAttribute("data-appearance", "system");
      expect(luminance(await canvasOf(plain))).toBeGreaterThan(0.8);
    } finally {
      await noScripts.close();
    }
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-appearance", "system");
    expect(luminance(await canvasOf(page))).toBeLessThan(0.02);
  });
});

test.describe("forced colours (Windows' contrast themes)", () => {
  test.use({ forcedColors: "active", colorScheme: "dark" });

  /** Whether anything marks the element apart from its neighbours: an underline, an outline, or a border. */
  const marks = (locator: Locator) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        underlined: style.textDecorationLine.includes("underline"),
        outlined: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0,
        startBorder: parseFloat(style.borderInlineStartWidth) > 0,
      };
    });

  test("the current page and the focus still show", async ({ page }) => {
    await signIn(page);
    await waitForHydration(page);
    // The top navigation marks the current page's section.
    const current = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Overview" });
    await expect(current).toHaveAttribute("aria-current", /^(page|true)$/);
    expect((await marks(current)).underlined).toBe(true);
    const currentInSections = page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Summary" });
    await expect(currentInSections).toHaveAttribute("aria-current", "page");
    expect((await marks(currentInSections)).startBorder).toBe(true);

    await page.keyboard.press("Tab");
    const focused = page.locator(":focus-visible");
    await expect(focused).toHaveCount(1);
    expect((await marks(focused)).outlined).toBe(true);
  });
});
