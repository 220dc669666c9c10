import type { Route } from "@playwright/test";
import {
  expect,
  expectNoAccessibilityViolations as expectNoViolations,
  signIn,
  test,
  waitForHydration,
} from "./fixtures";
import { measureSeveralPages, showPageFigures } from "./measured-pages";
import { addOperatorMessage, removeMessage } from "./operator-messages";

/*
 * axe-core with every rule it has (WCAG 2.2 A and AA, and its best practices) on each page as a
 * busy seller sees it: the demo seller's 160 listings, the demo's messages showing, a dashboard
 * of many measured pages, dialogs open, and a phone's width.
 */
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
    // Two all-rules runs (the dashboard, then one page's charts): as the opt-out dialog's below, room
    // for a CI run whose other worker runs an all-rules check at the same time.
    test.setTimeout(120_000);
    await measureSeveralPages(page);
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();
    await expectNoViolations(page);
    // And with a page's own figures and charts below the table.
    await showPageFigures(page, "sellerHubActiveListings");
    await expect(page.getByRole("img", { name: /: 75th percentile over time$/ }).first()).toBeVisible();
    await expectNoViolations(page);
  });

  test("the opt-out dialog in each of its views: asking, switching, refused, unconfirmed, switched", async ({
    page,
  }) => {
    // Ten axe runs (the page once, then each view's dialog): 35 s here with two workers, and past
    // the 60 s default in a CI run whose other worker ran an all-rules check at the same time.
    test.setTimeout(120_000);
    // The call's answers are played here, so that the demo seller stays on the new tool.
    type Answer = (route: Route) => Promise<void>;
    const answers: Answer[] = [];
    await page.route("**/sh/optout", (route) =>
      route.request().method() === "POST" ? (answers.shift() as Answer)(route) : route.fallback(),
    );
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    const opener = page
      .getByRole("complementary", { name: "Seller tools" })
      .getByRole("link", { name: "Switch to the previous tool" });
    const views: Array<[answer: Answer, dialogName: string]> = [
      [(route) => route.fulfill({ status: 500 }), "We could not switch you"],
      [(route) => route.abort("connectionreset"), "We could not confirm the switch"],
      [(route) => route.fulfill({ status: 204 }), "You are using the previous tool"],
    ];
    // The whole page is checked with the dialog's first view; the page behind it does not change,
    // so every later view checks the dialog alone.
    let pageChecked = false;
    const expectNoViolationsInDialog = async () => {
      await expectNoViolations(page, pageChecked ? { include: '[role="dialog"]' } : {});
      pageChecked = true;
    };
    for (const [answer, dialogName] of views) {
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "Switch to the previous tool?" });
      await expect(dialog).toBeVisible();
      await expectNoViolationsInDialog();

      let answerNow: () => void = () => {};
      const held = new Promise<void>((resolve) => (answerNow = resolve));
      answers.push(async (route) => {
        await held;
        await answer(route);
      });
      await dialog.getByRole("button", { name: "Switch", exact: true }).click();
      await expect(dialog).toContainText("Switching you to the previous tool…");
      await expectNoViolationsInDialog();
      answerNow();

      const outcome = page.getByRole("dialog", { name: dialogName });
      await expect(outcome).toBeVisible();
      await expectNoViolationsInDialog();
      await page.keyboard.press("Escape");
      await expect(outcome).toBeHidden();
    }
  });
});

test.describe("a message dialog, all axe rules", () => {
  test("a message dialog open in front of the overview", async ({ page }) => {
    const seller = "turquoise-star";
    const title = "How was listing today?";
    const id = addOperatorMessage(title, {
      seller,
      type: "dialog",
      endsAt: new Date(Date.now() + 5 * 60_000).toISOString(),
      controls: [
        {
          name: "survey",
          text: "Take the survey",
          action: { type: "NAV", URL: "https://survey.example.com", newWindow: true },
        },
        { name: "cross", accessibilityText: "Close the survey" },
      ],
    });
    try {
      await signIn(page, seller);
      await expect(page.getByRole("dialog", { name: title })).toBeVisible();
      await expectNoViolations(page);
    } finally {
      removeMessage(id);
    }
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
    await page.getByRole("table").getByRole("row").nth(1).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Listing" })).toBeVisible();
    await expect(page.frameLocator('iframe[title="Product summary"]').getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page);
  });
});
