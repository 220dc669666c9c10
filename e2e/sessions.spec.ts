import type { Browser, Page } from "@playwright/test";
import {
  emulateSlowNetwork,
  expect,
  expectNoAccessibilityViolations,
  scrollsNoWider,
  signIn,
  tabTo,
  test,
  waitForHydration,
} from "./fixtures";

/*
 * A member's own signed-in sessions (decision 086, step 5): where they are signed in, and signing
 * any other session out. Each journey has an account of its own (e2e/own-accounts.ts).
 */

const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

/** The same member signed in from another browser, which stays open on the overview. */
async function signInElsewhere(
  browser: Browser,
  account: string,
  userAgent: string,
  javaScriptEnabled = true,
): Promise<Page> {
  const page = await (await browser.newContext({ userAgent, javaScriptEnabled })).newPage();
  await signIn(page, account);
  return page;
}

/** The sessions page, reached from the header's preferences as a member finds it. */
async function openSessions(page: Page, how: "click" | "tap" = "click"): Promise<void> {
  const preferences = page.getByRole("banner").getByText("Preferences", { exact: true }).filter({ visible: true });
  await (how === "tap" ? preferences.tap() : preferences.click());
  const link = page.getByRole("link", { name: "Signed-in sessions" }).filter({ visible: true });
  await (how === "tap" ? link.tap() : link.click());
  await expect(page.getByRole("heading", { level: 1, name: "Signed-in sessions" })).toBeVisible();
}

test.describe("a member's signed-in sessions", () => {
  test("lists this browser first and the others by name; one signed out by keyboard must sign in again", async ({
    page,
    browser,
  }) => {
    const account = "sessions-keys";
    const phone = await signInElsewhere(browser, account, SAFARI_ON_IPHONE);
    await emulateSlowNetwork(page);
    await signIn(page, account);
    await waitForHydration(page);
    await openSessions(page);
    const table = page.getByRole("table", { name: "Where you are signed in" });
    const rows = table.getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText("This browser");
    await expect(rows.nth(2)).toContainText("Safari 17.4 on iOS");
    await expectNoAccessibilityViolations(page);

    const end = table.getByRole("button", { name: "Sign out Safari 17.4 on iOS" });
    await tabTo(page, end);
    await page.keyboard.press("Enter");
    // The row and its button are gone: the focus is on what was done, not lost to the page.
    await expect(page.getByRole("status").filter({ hasText: "That session is signed out" })).toBeFocused();
    await expect(rows).toHaveCount(2);
    await phone.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    await expect(phone.getByRole("heading", { level: 1, name: "Sign in to Seller Hub" })).toBeVisible();
    // This browser is still signed in.
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await phone.context().close();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("signs every other session out at once by a plain form", async ({ page, browser }) => {
      const account = "sessions-nojs";
      const others = [
        await signInElsewhere(browser, account, SAFARI_ON_IPHONE, false),
        await signInElsewhere(browser, account, FIREFOX_ON_WINDOWS, false),
      ];
      await signIn(page, account);
      await openSessions(page);
      await page.getByRole("button", { name: "Sign out of the 2 other sessions" }).click();
      await expect(page.getByText("2 other sessions are signed out.")).toBeVisible();
      await expect(page.getByRole("table", { name: "Where you are signed in" }).getByRole("row")).toHaveCount(2);
      for (const other of others) {
        await other.reload();
        await expect(other.getByRole("heading", { level: 1, name: "Sign in to Seller Hub" })).toBeVisible();
        await other.context().close();
      }
    });
  });

  test.describe("on a phone 320 px wide", () => {
    test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

    test("reaches the sessions from the menu by touch, and the page fits the screen", async ({ page, browser }) => {
      const account = "sessions-phone";
      const laptop = await signInElsewhere(browser, account, FIREFOX_ON_WINDOWS);
      await signIn(page, account);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Menu" }).tap();
      await openSessions(page, "tap");
      expect(await scrollsNoWider(page)).toBe(true);
      await page.getByRole("button", { name: "Sign out Firefox 128 on Windows 10" }).tap();
      await expect(page.getByRole("status").filter({ hasText: "That session is signed out" })).toBeFocused();
      await expectNoAccessibilityViolations(page);
      await laptop.context().close();
    });
  });
});
