import type { Locator, Page } from "@playwright/test";
import {
  canvasOf,
  expect,
  expectNoAccessibilityViolations,
  luminance,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";
import { measureSeveralPages, showPageFigures } from "./measured-pages";
import { addOperatorMessage, removeMessage } from "./operator-messages";

/*
 * The hub in the appearance the seller's system asks for: dark, with every axe rule (its contrast
 * checks among them) on each page as a seller moves through it, before and without scripts; and
 * Windows' contrast themes (forced colours), where the current page and focus must still show.
 */

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

    // The dashboard with a page's charts: several pages measured first.
    await measureSeveralPages(page);
    await sections.getByRole("link", { name: "Site speed" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();
    await expect(page.getByRole("table", { name: /^Every page/ })).toBeVisible();
    await showPageFigures(page, "sellerHubOverview");
    await expect(page.getByRole("img", { name: /: 75th percentile over time$/ }).first()).toBeVisible();
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

  test("the menus, a bulk price change's every step and a dialog message are dark and pass every axe rule", async ({
    page,
  }) => {
    // Five steps and a dialog, each checked with every axe rule.
    test.setTimeout(120_000);
    // A seller of its own: the change is applied and undone, and its dialog message is its own.
    await signIn(page, "repricer-dark");
    await waitForHydration(page);
    // The menus first: the top navigation's dropdown, and the header's preferences.
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("button", { name: "More in Listings" }).click();
    await expect(main.getByRole("link", { name: "Out of stock" })).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.keyboard.press("Escape");
    await page.getByRole("banner").getByText("Preferences", { exact: true }).filter({ visible: true }).click();
    await expect(page.getByRole("banner").getByRole("combobox", { name: "Appearance" })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    await main.getByRole("link", { name: "Listings" }).first().click();
    await expect(page.getByRole("table", { name: /Your listings/ })).toBeVisible();
    for (const lamp of ["Repriced lamp 03", "Repriced lamp 04"]) {
      await page.getByRole("checkbox", { name: `Select ${lamp}` }).check();
    }
    const bulk = page.getByRole("region", { name: "Change prices or quantities in bulk" });
    await expect(bulk.locator("output")).toHaveText("2 listings selected.");
    await expectNoAccessibilityViolations(page);

    await page.getByRole("link", { name: "Change prices or quantities" }).click();
    await expect(page.getByRole("heading", { name: "Change the prices or quantities of 2 listings" })).toBeVisible();
    await page.getByRole("radio", { name: "Lower by a percentage" }).check();
    await page.getByLabel(/Percentage to take off/).fill("10");
    await expectNoAccessibilityViolations(page);

    await page.getByRole("button", { name: "Preview the change" }).click();
    await expect(page.getByRole("heading", { name: /^Preview: Lower by 10%/ })).toBeVisible();
    await expectNoAccessibilityViolations(page);

    await page.getByRole("button", { name: "Apply new prices to 2 listings" }).click();
    await expect(page.getByRole("heading", { name: /^Applied: Lower by 10%/ })).toBeFocused();
    await expectNoAccessibilityViolations(page);

    await page.getByRole("button", { name: "Undo this change" }).click();
    await expect(page.getByRole("heading", { name: /^Undone: Lower by 10%/ })).toBeFocused();
    expect(luminance(await canvasOf(page))).toBeLessThan(0.02);
    await expectNoAccessibilityViolations(page);

    // An operator's message shown as a dialog, over the dimmed page. Added once the overview is
    // drawn: added before, it came with the overview's data and its dialog made the page behind
    // it inert before the heading was found (a CI run on a busy machine).
    await main.getByRole("link", { name: "Overview" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    const title = "A survey in the dark";
    const id = addOperatorMessage(title, {
      seller: "repricer-dark",
      type: "dialog",
      controls: [
        { name: "later", text: "Not now", action: { type: "OPERATION", name: "closeMessage" } },
        { name: "cross", accessibilityText: "Close the survey" },
      ],
    });
    try {
      // A dialog message opens as a page loads.
      await page.reload();
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      expect(luminance(await dialog.evaluate((element) => getComputedStyle(element).backgroundColor))).toBeLessThan(
        0.05,
      );
      await expectNoAccessibilityViolations(page);
      await dialog.getByRole("button", { name: "Not now" }).click();
      await expect(dialog).toBeHidden();
    } finally {
      removeMessage(id);
    }
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("the menu and the preferences in it are dark and pass every axe rule", async ({ page }) => {
      await signIn(page);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Menu" }).tap();
      const menu = page.getByRole("navigation", { name: "Menu" });
      await expect(menu.getByRole("link", { name: "Summary", exact: true })).toBeFocused();
      await expectNoAccessibilityViolations(page);

      await page.getByText("Preferences", { exact: true }).filter({ visible: true }).tap();
      await expect(page.getByRole("combobox", { name: "Appearance" }).filter({ visible: true })).toBeVisible();
      expect(luminance(await canvasOf(page))).toBeLessThan(0.02);
      await expectNoAccessibilityViolations(page);
    });
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
 * The page as the server paints it, before any script has run: its scripts are held back until
 * the screenshot is taken, then let through, and the hydrated page is taken again. Both are of
 * the viewport (1280 × 720): what lies below it is not compared.
 */
async function firstPaintThenHydrated(page: Page, path: string): Promise<{ firstPaint: Buffer; hydrated: Buffer }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const scripts = "**/assets/**/*.js";
  await page.route(scripts, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The style sheets applied: a sheet is on its link once it has loaded.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
  );
  const shot = () => page.screenshot({ animations: "disabled", caret: "hide" });
  const firstPaint = await shot();
  release();
  await waitForHydration(page);
  await page.unroute(scripts);
  return { firstPaint, hydrated: await shot() };
}

/** How far the page's layout moved while it loaded, as Chromium counts it (cumulative layout shift). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        // buffered: every shift since the navigation began; none at all means no callback.
        new PerformanceObserver((entries) => {
          for (const entry of entries.getEntries()) total += (entry as unknown as { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme}, from the first paint to the hydrated page`, () => {
    test.use({ colorScheme });

    test("nothing moves and no colour changes: sign-in, overview, listings", async ({ page }, testInfo) => {
      const expectSteady = async (path: string) => {
        const { firstPaint, hydrated } = await firstPaintThenHydrated(page, path);
        if (!firstPaint.equals(hydrated)) {
          await testInfo.attach(`${path} first paint`, { body: firstPaint, contentType: "image/png" });
          await testInfo.attach(`${path} hydrated`, { body: hydrated, contentType: "image/png" });
        }
        expect(firstPaint.equals(hydrated), `${path}: the hydrated page looks as its first paint did`).toBe(true);
        expect(await layoutShift(page), `${path}: layout shift`).toBe(0);
      };
      await expectSteady("/signin");
      await signIn(page);
      await expectSteady("/sh/ovw");
      await expectSteady("/sh/lst/active");
    });
  });
}

test.describe("less motion, as the seller's system asks", () => {
  test("the bar of a slow navigation slides, and stands still once the system asks for less motion", async ({
    page,
  }) => {
    await signIn(page);
    await waitForHydration(page);
    // Each page's data is held back until the bar has been looked at: a navigation as slow as needed.
    // (The link's prefetch on intent is held too: every request held so far is let through at once.)
    const held: Array<() => void> = [];
    const release = () => held.splice(0).forEach((resume) => resume());
    await page.route("**/*.data*", async (route) => {
      await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    const sections = page.getByRole("navigation", { name: "Sections" });
    // The bar is decorative (its words are in a status for screen readers): found by its class.
    const bar = page.locator(".navigation-progress__bar");

    await sections.getByRole("link", { name: "Site speed" }).click();
    await expect(bar).toHaveCSS("animation-name", "navigation-progress-slide");
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();

    await page.emulateMedia({ reducedMotion: "reduce" });
    await sections.getByRole("link", { name: "All listings" }).click();
    await expect(bar).toHaveCSS("animation-name", "none");
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
  });
});

/** The header's preferences as a French or an English page names them. */
const PREFERENCES = {
  fr: { disclosure: "Préférences", select: "Apparence", apply: "Changer d’apparence" },
  en: { disclosure: "Preferences", select: "Appearance", apply: "Change appearance" },
};

/**
 * The seller's own choice, made in the header's preferences. Each test's seller is its own
 * (demo-fr, repricer-contrast): no other test changes its appearance or checks its colours.
 */
async function chooseAppearance(page: Page, option: string, names = PREFERENCES.fr) {
  const banner = page.getByRole("banner");
  await banner.getByText(names.disclosure, { exact: true }).filter({ visible: true }).click();
  await banner.getByRole("combobox", { name: names.select }).selectOption({ label: option });
  await banner.getByRole("button", { name: names.apply }).click();
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

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`forced colours (Windows' contrast themes), ${colorScheme}`, () => {
    test.use({ forcedColors: "active", colorScheme });

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
      const currentInSections = page
        .getByRole("navigation", { name: "Sections" })
        .getByRole("link", { name: "Summary" });
      await expect(currentInSections).toHaveAttribute("aria-current", "page");
      expect((await marks(currentInSections)).startBorder).toBe(true);

      await page.keyboard.press("Tab");
      const focused = page.locator(":focus-visible");
      await expect(focused).toHaveCount(1);
      expect((await marks(focused)).outlined).toBe(true);
    });
  });
}

test.describe("forced colours on a dark contrast theme, the seller having chosen Light", () => {
  test.use({ forcedColors: "active", colorScheme: "dark" });

  /** WCAG's contrast ratio of two computed colours. */
  const contrast = (one: string, other: string) => {
    const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
    return (lighter + 0.05) / (darker + 0.05);
  };

  test("a site-speed chart keeps its colours on its own scheme's page, its labels readable", async ({ page }) => {
    await signIn(page, "repricer-contrast");
    await waitForHydration(page);
    await chooseAppearance(page, "Light", PREFERENCES.en);
    await expect(page.locator("html")).toHaveAttribute("data-appearance", "light");

    await measureSeveralPages(page);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();
    await showPageFigures(page, "sellerHubOverview");
    const chart = page.getByRole("img", { name: /: 75th percentile over time$/ }).first();
    await expect(chart).toBeVisible();
    // What the chart paints behind itself, and the fill of its axis labels (kept, not forced).
    const { background, label } = await chart.evaluate((svg) => ({
      background: getComputedStyle(svg).backgroundColor,
      label: getComputedStyle(svg.querySelector("text") as Element).fill,
    }));
    expect(luminance(background)).toBeGreaterThan(0.8);
    expect(contrast(label, background)).toBeGreaterThanOrEqual(4.5);
  });
});
