import type { Page } from "@playwright/test";
import { expect, expectNoAccessibilityViolations, signIn, test, waitForHydration } from "./fixtures";
import { measureSeveralPages, showPageFigures } from "./measured-pages";
import { addOperatorMessage, removeMessage } from "./operator-messages";

/*
 * The hub on a phone: touch, a narrow screen, moving by the header's menu. Pages are reached by
 * tapping links, as a seller does, after signing in.
 */
const PHONES = [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
];

const menuButton = (page: Page) => page.getByRole("button", { name: "Menu" });
const menu = (page: Page) => page.getByRole("navigation", { name: "Menu" });

/** Opens the menu by touch and taps one of its links. */
async function goByMenu(page: Page, link: string): Promise<void> {
  await menuButton(page).tap();
  await menu(page).getByRole("link", { name: link, exact: true }).tap();
  await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
}

/** Nothing wider than the screen: the page never scrolls sideways (WCAG 2.2 1.4.10). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `the page is ${scrollWidth} px wide on a ${clientWidth} px screen`).toBeLessThanOrEqual(
    clientWidth,
  );
}

/** The element's top is within the first `share` of the screen, without scrolling. */
async function expectOnFirstScreen(
  locator: ReturnType<Page["locator"]>,
  viewportHeight: number,
  share = 1,
): Promise<void> {
  // Right after a sign-in's redirect the page may still be settling: wait until it is shown, then measure.
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, "the element is laid out").not.toBeNull();
  expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(viewportHeight * share);
}

/** The header stays compact: the page's own content (its messages first) starts in the top fifth of the screen. */
const expectContentAtTop = (page: Page, viewportHeight: number) =>
  expectOnFirstScreen(page.getByRole("main"), viewportHeight, 0.2);

for (const viewport of PHONES) {
  test.describe(`on a phone ${viewport.width} px wide`, () => {
    test.use({ viewport, hasTouch: true, isMobile: true });

    test.beforeEach(async ({ page }) => {
      await signIn(page);
      await waitForHydration(page);
    });

    test("the header's menu holds the navigation: it opens with focus inside, marks the current page, moves, and Escape closes it", async ({
      page,
    }) => {
      await expect(page.getByRole("navigation", { name: "Sections" })).toBeHidden();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      const button = menuButton(page);
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(menu(page)).toBeHidden();

      await button.tap();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(page.locator(`#${await button.getAttribute("aria-controls")}`)).toBeVisible();
      const current = menu(page).getByRole("link", { name: "Summary", exact: true });
      await expect(current).toHaveAttribute("aria-current", "page");
      await expect(current).toBeFocused();
      await expectNoAccessibilityViolations(page);

      await menu(page).getByRole("link", { name: "All listings" }).tap();
      await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
      await expect(button).toHaveAttribute("aria-expanded", "false");

      await button.focus();
      await page.keyboard.press("Enter");
      await expect(menu(page).getByRole("link", { name: "All listings", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await page.keyboard.press("Tab");
      await page.keyboard.press("Escape");
      await expect(menu(page)).toBeHidden();
      await expect(button).toBeFocused();
    });

    test("every page starts its own content on the first screen and never scrolls sideways", async ({ page }) => {
      // Six pages, three axe checks (one of them over a page's charts) and a frame turned twice: on
      // two busy cores this journey has reached the search page at Playwright's 30 s and been cut off there.
      test.setTimeout(120_000);
      await expectContentAtTop(page, viewport.height);
      // The demo seller's three messages come first, and the overview's own figures still start on the first screen.
      if (viewport.height > 800)
        await expectOnFirstScreen(
          page.getByRole("heading", { level: 2, name: "Your business at a glance" }),
          viewport.height,
        );
      await expectNoSidewaysScroll(page);

      await goByMenu(page, "All listings");
      await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
      await expectContentAtTop(page, viewport.height);
      await expectNoSidewaysScroll(page);

      await page.getByRole("table").getByRole("row").nth(1).getByRole("link").first().tap();
      await expect(page.getByRole("heading", { level: 1, name: "Listing" })).toBeVisible();
      await expectContentAtTop(page, viewport.height);
      await expect(
        page.frameLocator('iframe[title="Product summary"]').getByRole("heading", { level: 1 }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      // Turned to landscape: the frame still shows its content whole.
      await page.setViewportSize({ width: viewport.height, height: viewport.width });
      const frame = page.frame({ url: /\/sh\/prod-summary\?/ });
      await expect
        .poll(() => frame?.evaluate(() => window.innerHeight - document.documentElement.scrollHeight))
        .toBeGreaterThanOrEqual(0);
      await page.setViewportSize(viewport);
      await expect
        .poll(() => frame?.evaluate(() => window.innerHeight - document.documentElement.scrollHeight))
        .toBeGreaterThanOrEqual(0);

      // The dashboard as a seller with several measured pages sees it, then one page's charts.
      await measureSeveralPages(page);
      await goByMenu(page, "Site speed");
      await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();
      await expectContentAtTop(page, viewport.height);
      await expectNoSidewaysScroll(page);
      await expectNoAccessibilityViolations(page);
      await showPageFigures(page, "sellerHubOverview", "tap");
      await expect(page.getByRole("img", { name: /: 75th percentile over time$/ }).first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAccessibilityViolations(page);

      // The search's results, from the header's Search button.
      await page.getByRole("banner").getByRole("button", { name: "Search the hub" }).tap();
      await page.keyboard.type("kindle");
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
      // The header keeps the searched text in its field, on a line of its own; the results follow on the first screen.
      await expectOnFirstScreen(page.getByRole("main").getByRole("heading").first(), viewport.height, 0.5);
      await expectNoSidewaysScroll(page);
    });

    test("the listings' filters fold behind a Filters disclosure that counts those in use", async ({ page }) => {
      await goByMenu(page, "All listings");
      const toggle = page.getByText(/^Filters/);
      await expect(page.getByLabel("Condition")).toBeHidden();
      await toggle.tap();
      await page.getByLabel("Condition").selectOption("used");
      await expect(page).toHaveURL(/condition=used/);
      await expect(toggle).toHaveText("Filters (1 in use)");
      await expect(page.getByLabel("Condition")).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoAccessibilityViolations(page);
    });

    test("the opt-out dialog fits the screen and keeps its focus rules", async ({ page }) => {
      await goByMenu(page, "All listings");
      const opener = page
        .getByRole("complementary", { name: "Seller tools" })
        .getByRole("link", { name: "Switch to the previous tool" });
      await opener.tap();
      const dialog = page.getByRole("dialog", { name: "Switch to the previous tool?" });
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      await expectNoAccessibilityViolations(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });
  });
}

test.describe("a dialog message on a phone 320 px wide", () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test("fits the screen, its controls reached by touch; Not now closes it for good and the page is there", async ({
    page,
  }) => {
    const title = "Your payout schedule changes from next Monday onwards";
    // yellow-star: a seller no other test signs in as, so the modal stands in front of no one else's test.
    const id = addOperatorMessage(title, {
      seller: "yellow-star",
      type: "dialog",
      endsAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      controls: [
        { name: "read", text: "Read about payout schedules", action: { type: "NAV", URL: "https://help.example.com" } },
        { name: "later", text: "Not now", action: { type: "OPERATION", name: "closeMessage" } },
        { name: "cross", accessibilityText: "Close the payout notice" },
      ],
    });
    try {
      await signIn(page, "yellow-star");
      await waitForHydration(page);
      const dialog = page.getByRole("dialog", { name: title });
      await expect(dialog).toBeVisible();
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 320, `the dialog spans ${JSON.stringify(box)}`).toBe(true);
      await expectNoSidewaysScroll(page);
      for (const control of [
        dialog.getByRole("link", { name: /Read about payout schedules/ }),
        dialog.getByRole("button", { name: "Not now" }),
        dialog.getByRole("button", { name: "Close the payout notice" }),
      ]) {
        await expect(control).toBeInViewport();
      }
      await expectNoAccessibilityViolations(page);

      await dialog.getByRole("button", { name: "Not now" }).tap();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
      await goByMenu(page, "All listings");
      await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
      await page.reload();
      await waitForHydration(page);
      await expect(page.getByRole("dialog")).toHaveCount(0);
    } finally {
      removeMessage(id);
    }
  });
});

test.describe("on a phone without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("the menu is a disclosure the browser opens itself, and its links work", async ({ page }) => {
    await signIn(page);
    await page.getByText("Menu", { exact: true }).click();
    await menu(page).getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // The switch-tools page, which stands in for the opt-out dialog without JavaScript.
    await page
      .getByRole("complementary", { name: "Seller tools" })
      .getByRole("link", { name: "Switch to the previous tool" })
      .click();
    await expect(page.getByRole("heading", { name: "Switch to the previous tool?" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // A mistyped address: the hub's own page saying so.
    await page.goto("/sh/no-such-page");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("the header's Search link leads to the search page, whose field stands open with no second Search link", async ({
    page,
  }) => {
    await signIn(page);
    const banner = page.getByRole("banner");
    await banner.getByRole("link", { name: "Search the hub" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    // The link would lead where the seller already is.
    await expect(banner.getByRole("link", { name: "Search the hub" })).toBeHidden();
    await banner.getByRole("searchbox", { name: "Search listings, pages and messages" }).fill("kindle");
    await banner.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/sh\/search\?q=kindle$/);
    await expect(page.getByRole("main").getByRole("heading").first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

test.describe("on a tablet 800 px wide", () => {
  test.use({ viewport: { width: 800, height: 1000 } });

  test("the header keeps Menu on its first line, the member's line below it", async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    const top = async (locator: ReturnType<Page["getByRole"]>) => (await locator.boundingBox())?.y ?? Number.NaN;
    const heading = await top(page.getByRole("heading", { level: 1 }));
    const menuTop = await top(menuButton(page));
    const member = await top(page.getByRole("banner").getByRole("button", { name: "Sign out" }));
    // On one line with the page's title (centred on it), and the member's line below both.
    expect(Math.abs(menuTop - heading), JSON.stringify({ heading, menuTop, member })).toBeLessThan(24);
    expect(member, JSON.stringify({ heading, menuTop, member })).toBeGreaterThan(Math.max(heading, menuTop) + 24);
  });
});
