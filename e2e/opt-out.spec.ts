import type { Page } from "@playwright/test";
import { expect, expectNoAccessibilityViolations, openTestDatabase, signIn, test, waitForHydration } from "./fixtures";

/** A page of the new listings tool, the tool a seller can switch away from. */
const LISTINGS_TOOL_PAGE = "/sh/lst/active";

/** How many opt-outs the database holds for this seller. */
function optOutsOf(username: string): number {
  const database = openTestDatabase();
  try {
    const row = database
      .prepare(
        "select count(*) as n from opt_out join seller on seller.id = opt_out.seller_id where seller.username = ?",
      )
      .get(username) as { n: number };
    return row.n;
  } finally {
    database.close();
  }
}

async function openListingsTool(page: Page, username: string) {
  await signIn(page, username);
  await page.goto(LISTINGS_TOOL_PAGE);
  await waitForHydration(page);
  return page
    .getByRole("complementary", { name: "Seller tools" })
    .getByRole("link", { name: "Switch to the previous tool" });
}

/** The session's anti-forgery token, as the page's own forms carry it. */
function sessionToken(page: Page): Promise<string> {
  return page.locator('input[name="srt"]').first().inputValue();
}

test.describe("switching to the previous tool", () => {
  test("records one opt-out, replaces the history entry on the way to the previous tool, and can be undone there", async ({
    page,
  }) => {
    const opener = await openListingsTool(page, "blue-star");
    await opener.click();
    await page
      .getByRole("dialog", { name: "Switch to the previous tool?" })
      .getByRole("button", { name: "Switch", exact: true })
      .click();

    const success = page.getByRole("dialog", { name: "You are using the previous tool" });
    const previousTool = success.getByRole("link", { name: "Go to the previous tool" });
    await expect(previousTool).toBeFocused();
    await expect(success.getByRole("link", { name: "Tell us why you switched" })).toHaveAttribute(
      "href",
      /^mailto:sellerhub-feedback@example\.com\?subject=Why%20I%20switched/,
    );
    expect(optOutsOf("blue-star")).toBe(1);
    await expectNoAccessibilityViolations(page);

    const historyLength = await page.evaluate(() => history.length);
    await previousTool.click();
    await expect(page).toHaveURL(/\/sh\/ovw$/);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);

    // Twice is one record.
    expect((await page.request.post("/sh/optout", { data: { srt: await sessionToken(page) } })).status()).toBe(204);
    expect(optOutsOf("blue-star")).toBe(1);

    await page.goto(LISTINGS_TOOL_PAGE);
    await expect(page).toHaveURL(/\/sh\/ovw$/);
    const side = page.getByRole("complementary", { name: "Seller tools" });
    await expect(side.getByRole("link", { name: "Switch to the previous tool" })).toHaveCount(0);
    await side.getByRole("button", { name: "Switch back to the new listings tool" }).click();
    await expect(page).toHaveURL(new RegExp(`${LISTINGS_TOOL_PAGE}$`));
    await expect(side.getByRole("link", { name: "Switch to the previous tool" })).toBeVisible();
    expect(optOutsOf("blue-star")).toBe(0);
  });

  test("a server failure shows the error view, whose primary button closes the dialog", async ({ page }) => {
    await page.route("**/sh/optout", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 500, body: "Internal Server Error" })
        : route.fallback(),
    );
    const opener = await openListingsTool(page, "green-star");
    await opener.click();
    await page.getByRole("button", { name: "Switch", exact: true }).click();

    const failed = page.getByRole("dialog", { name: "We could not switch you" });
    await expect(failed).toContainText("Your choice was not saved");
    const close = failed.getByRole("button", { name: "Close", exact: true });
    await expect(close).toBeFocused();
    await close.click();
    await expect(failed).toBeHidden();
    await expect(opener).toBeFocused();
    expect(optOutsOf("green-star")).toBe(0);
  });

  test("while the request runs it says so and cannot be closed; with no answer in 5000 ms it says the switch could not be confirmed", async ({
    page,
  }) => {
    await page.route("**/sh/optout", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      // The page has given up by now; the late answer has no one to reach.
      await route.fulfill({ status: 204 }).catch(() => {});
    });
    const opener = await openListingsTool(page, "red-shooting-star");
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Switch to the previous tool?" });
    const switchButton = dialog.getByRole("button", { name: "Switch", exact: true });
    await expect(switchButton).toBeEnabled();
    await switchButton.click();
    await expect(switchButton).toBeDisabled();
    await expect(dialog.getByRole("status")).toHaveText("Switching you to the previous tool…");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Close dialog" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeVisible();

    const unconfirmed = page.getByRole("dialog", { name: "We could not confirm the switch" });
    await expect(unconfirmed).toBeVisible({ timeout: 15_000 });
    await expect(unconfirmed).not.toContainText("not saved");
    await expect(unconfirmed.getByRole("button", { name: "Close", exact: true })).toBeFocused();
    await expectNoAccessibilityViolations(page);
    expect(optOutsOf("red-shooting-star")).toBe(0);
  });

  test("a switch the server recorded after the page stopped waiting shows on the next page", async ({ page }) => {
    await page.route("**/sh/optout", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      // The server records the switch at once; its answer is lost on the way back.
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      await route.fulfill({ response }).catch(() => {});
    });
    const opener = await openListingsTool(page, "yellow-shooting-star");
    await opener.click();
    await page.getByRole("button", { name: "Switch", exact: true }).click();
    const unconfirmed = page.getByRole("dialog", { name: "We could not confirm the switch" });
    await expect(unconfirmed).toBeVisible({ timeout: 15_000 });
    await unconfirmed.getByRole("button", { name: "Close", exact: true }).click();
    await expect(opener).toBeFocused();
    expect(optOutsOf("yellow-shooting-star")).toBe(1);

    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" }).click();
    await expect(page).toHaveURL(/\/sh\/ovw$/);
    await expect(
      page
        .getByRole("complementary", { name: "Seller tools" })
        .getByRole("button", { name: "Switch back to the new listings tool" }),
    ).toBeVisible();
  });

  test("keyboard only: Enter opens it, Tab stays inside, Escape closes it and focus is back on the opener", async ({
    page,
  }) => {
    const opener = await openListingsTool(page, "demo");
    await opener.focus();
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Switch to the previous tool?" });
    const switchButton = dialog.getByRole("button", { name: "Switch", exact: true });
    await expect(switchButton).toBeFocused();
    for (const name of ["Cancel", "Close dialog", "Switch"]) {
      await page.keyboard.press("Tab");
      await expect(dialog.getByRole("button", { name, exact: true })).toBeFocused();
    }
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: "Close dialog" })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("has no accessibility violations with the dialog open, nor on the switch-tools page", async ({ page }) => {
    const opener = await openListingsTool(page, "demo");
    await opener.click();
    await expect(page.getByRole("button", { name: "Switch", exact: true })).toBeFocused();
    await expectNoAccessibilityViolations(page);

    await page.goto("/sh/optout");
    await expect(page.getByRole("heading", { name: "Switch to the previous tool?" })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });

  test("is offered only on the new tool's pages, also after moving between pages in the browser", async ({ page }) => {
    await signIn(page, "demo");
    await waitForHydration(page);
    const side = page.getByRole("complementary", { name: "Seller tools" });
    const opener = side.getByRole("link", { name: "Switch to the previous tool" });
    await expect(opener).toHaveCount(0);
    await expect(side.getByRole("button", { name: "Switch back to the new listings tool" })).toHaveCount(0);

    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("link", { name: "Listings", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${LISTINGS_TOOL_PAGE}$`));
    await expect(opener).toBeVisible();
    await main.getByRole("link", { name: "Overview", exact: true }).click();
    await expect(page).toHaveURL(/\/sh\/ovw$/);
    await expect(opener).toHaveCount(0);
  });
});

test.describe("the opt-out call", () => {
  test("refuses a wrong or missing token (403), malformed JSON (400) and an oversized body (413), and records nothing", async ({
    page,
  }) => {
    await signIn(page, "green-star");
    const srt = await sessionToken(page);
    const post = (data: unknown, headers?: Record<string, string>) =>
      page.request.post("/sh/optout", { data, headers }).then((response) => response.status());

    expect(await post({ srt: "not-the-session-token" })).toBe(403);
    expect(await post({})).toBe(403);
    expect(await post({ srt: 12345 })).toBe(403);
    expect(await post(Buffer.from('{"srt": '), { "Content-Type": "application/json" })).toBe(400);
    expect(await post({ srt, padding: "x".repeat(20_000) })).toBe(413);

    // The switch-tools page's form (no JavaScript) answers a wrong token with its error view.
    const form = await page.request.post("/sh/optout", { form: { srt: "not-the-session-token" } });
    expect(form.status()).toBe(403);
    expect(await form.text()).toContain("We could not switch you");

    expect(optOutsOf("green-star")).toBe(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the opt-out link leads to a page whose form switches, the outcome shows as a page, and switching back works", async ({
    page,
  }) => {
    await signIn(page, "silver-shooting-star");
    await page.goto(LISTINGS_TOOL_PAGE);
    await page.getByRole("link", { name: "Switch to the previous tool" }).click();
    await expect(page).toHaveURL(/\/sh\/optout$/);
    await page.getByRole("button", { name: "Switch", exact: true }).click();

    await expect(page.getByRole("heading", { name: "You are using the previous tool" })).toBeVisible();
    expect(optOutsOf("silver-shooting-star")).toBe(1);
    await expect(page.getByRole("main").getByRole("link", { name: "Tell us why you switched" })).toHaveAttribute(
      "href",
      /^mailto:/,
    );

    await page.getByRole("link", { name: "Go to the previous tool" }).click();
    await expect(page).toHaveURL(/\/sh\/ovw$/);
    await page.getByRole("button", { name: "Switch back to the new listings tool" }).click();
    await expect(page).toHaveURL(new RegExp(`${LISTINGS_TOOL_PAGE}$`));
    expect(optOutsOf("silver-shooting-star")).toBe(0);
  });
});
