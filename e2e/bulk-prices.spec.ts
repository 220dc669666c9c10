import type { Page } from "@playwright/test";
import {
  DEMO,
  emulateSlowNetwork,
  emulateSlowProcessor,
  expect,
  expectNoAccessibilityViolations,
  expectNoAccessibilityViolationsWithoutJavaScript,
  pricesOf,
  quantitiesOf,
  scrollsNoWider,
  signIn,
  tabTo,
  tapInMenu,
  test,
  waitForHydration,
} from "./fixtures";
import { raiseOneListing, REPRICER_LISTINGS } from "./repricing-sellers";

const lamp = (number: number) => `Repriced lamp ${String(number).padStart(2, "0")}`;
const selectedCount = (page: Page) =>
  page.getByRole("region", { name: "Change prices or quantities in bulk" }).locator("output");
/** The answer to the next tick sent: a POST of the page's data. A site-speed beacon is a POST too, and is no tick. */
const tickAnswered = (page: Page) =>
  page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes(".data"));

test.describe("changing prices in bulk", () => {
  test("by keyboard alone, on a slow network: select across two pages, preview, apply, see the new prices, undo", async ({
    page,
  }) => {
    // About 25 s of key presses, each page on a 350 ms network: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const seller = "repricer-keys";
    const before = pricesOf(seller);
    await signIn(page, seller, DEMO.password);
    await waitForHydration(page);
    // 350 ms each way: ticks are still on their way when the seller moves to the next page.
    await emulateSlowNetwork(page);

    const listingsLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first();
    await tabTo(page, listingsLink);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("table", { name: /Your listings/ })).toBeVisible();
    await expect(selectedCount(page)).toHaveText("No listings selected.");

    // Lamp 03 and lamp 04 on the first page.
    for (const number of [3, 4]) {
      const box = page.getByRole("checkbox", { name: `Select ${lamp(number)}` });
      await tabTo(page, box);
      await page.keyboard.press("Space");
      await expect(box).toBeChecked();
    }
    await expect(selectedCount(page)).toHaveText("2 listings selected.");

    const next = page.getByRole("navigation", { name: "Pages of listings" }).getByRole("link", { name: "Next page" });
    await tabTo(page, next);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("checkbox", { name: `Select ${lamp(25)}` })).toBeVisible();
    // The page's checkbox: none of this page selected, then one (mixed).
    const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
    await expect(pageBox).not.toBeChecked();
    const last = page.getByRole("checkbox", { name: `Select ${lamp(25)}` });
    await tabTo(page, last);
    await page.keyboard.press("Space");
    await expect(selectedCount(page)).toHaveText("3 listings selected.");
    expect(await pageBox.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);

    // Back on the first page the ticks are still there.
    const previous = page
      .getByRole("navigation", { name: "Pages of listings" })
      .getByRole("link", { name: "Previous page" });
    await tabTo(page, previous);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("checkbox", { name: `Select ${lamp(3)}` })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: `Select ${lamp(5)}` })).not.toBeChecked();
    await expectNoAccessibilityViolations(page);

    await tabTo(page, page.getByRole("link", { name: "Change prices or quantities" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Change the prices or quantities of 3 listings" })).toBeVisible();
    // The link went with its page: focus is on the new page, named by its heading, not on the body.
    await expect(page.getByRole("main", { name: "Change prices or quantities" })).toBeFocused();
    await tabTo(page, page.getByRole("radio", { name: "Raise by a percentage" }));
    await page.keyboard.press("ArrowDown"); // Lower by a percentage
    await expect(page.getByRole("radio", { name: "Lower by a percentage" })).toBeChecked();
    await tabTo(page, page.getByLabel(/Percentage to take off/));
    await page.keyboard.type("10");
    await page.keyboard.press("Tab");
    await page.keyboard.press("End"); // the last ending offered: .00
    await expectNoAccessibilityViolations(page);
    await tabTo(page, page.getByRole("button", { name: "Preview the change" }));
    await page.keyboard.press("Enter");

    await expect(page.getByRole("heading", { name: /^Preview: Lower by 10%, rounded to end in \.00$/ })).toBeVisible();
    // The button was disabled while its form was sent (an audit found focus left on the body).
    await expect(page.getByRole("main")).toBeFocused();
    const table = page.getByRole("table", { name: "Listings of this change" });
    // Lamp 03: 12.00 → 10.80 → 11.00; lamp 04: 13.00 → 11.70 → 12.00; lamp 25: 34.00 → 30.60 → 31.00.
    await expect(table.getByRole("row", { name: new RegExp(lamp(3)) })).toContainText("$12.00$11.00−$1.00");
    await expect(table.getByRole("row", { name: new RegExp(lamp(25)) })).toContainText("$34.00$31.00−$3.00");
    await expect(table.getByRole("row", { name: new RegExp(lamp(3)) })).toContainText(
      /% (above|below) the median|At the median/,
    );
    expect(pricesOf(seller)).toEqual(before);
    await expectNoAccessibilityViolations(page);

    await tabTo(page, page.getByRole("button", { name: "Apply new prices to 3 listings" }));
    await page.keyboard.press("Enter");
    const applied = page.getByRole("heading", { name: /^Applied: Lower by 10%/ });
    await expect(applied).toBeFocused();
    await expect(page.getByText("3 listings changed.", { exact: false })).toBeVisible();
    expect(pricesOf(seller)).toEqual({ ...before, [lamp(3)]: 1_100, [lamp(4)]: 1_200, [lamp(25)]: 3_100 });
    await expectNoAccessibilityViolations(page);

    // The new price on the listing's own page, with its history.
    await tabTo(page, table.getByRole("link", { name: lamp(3) }));
    await page.keyboard.press("Enter");
    const history = page.getByRole("table", { name: "Changes of price and quantity, newest first" });
    await expect(history.getByRole("row").nth(1)).toContainText("Price$12.00$11.00Lower by 10%, rounded to end in .00");
    await page.goBack();

    await tabTo(page, page.getByRole("button", { name: "Undo this change" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: /^Undone: Lower by 10%/ })).toBeFocused();
    await expect(page.getByText("3 listings restored.", { exact: false })).toBeVisible();
    expect(pricesOf(seller)).toEqual(before);
    await expectNoAccessibilityViolations(page);
  });

  test("on a phone's slower processor, a tick never comes undone while it is saved", async ({ page }) => {
    const seller = "repricer-slow-phone";
    await signIn(page, seller, DEMO.password);
    await waitForHydration(page);
    await emulateSlowProcessor(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first().click();
    await expect(selectedCount(page)).toHaveText("No listings selected.");

    // Every count the bar shows, and the ticks on the page with it, as the page draws them.
    await page.evaluate(() => {
      const seen: string[] = [];
      Object.assign(window, { selectionSeen: seen });
      const bar = document.querySelector("#change-prices output");
      if (!bar) throw new Error("No selection count on the page.");
      new MutationObserver(() => {
        const ticked = [...document.querySelectorAll<HTMLInputElement>('input[name="listing"]:checked')].length;
        seen.push(`${bar.textContent} (${ticked} ticked)`);
      }).observe(bar, { subtree: true, childList: true, characterData: true });
    });
    for (const number of [3, 4, 5]) {
      // Each tick is sent, then the page's data asked for again; the gap was between the two.
      const reloaded = tickAnswered(page).then(() =>
        page.waitForResponse((response) => response.request().method() === "GET" && response.url().includes(".data")),
      );
      await page.getByRole("checkbox", { name: `Select ${lamp(number)}` }).check();
      await reloaded;
    }
    await expect(selectedCount(page)).toHaveText("3 listings selected.");
    // Two frames after the last answer: React has drawn what came with it.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const seen = await page.evaluate(() => (window as unknown as { selectionSeen: string[] }).selectionSeen);
    // Each count once, as it rose: never a tick lost and shown again.
    expect(seen.filter((count, index) => count !== seen[index - 1])).toEqual([
      "1 listing selected. (1 ticked)",
      "2 listings selected. (2 ticked)",
      "3 listings selected. (3 ticked)",
    ]);
  });

  test("a page fetched ahead before a tick shows the tick when the seller moves to it", async ({ page }) => {
    await signIn(page, "repricer-prefetch", DEMO.password);
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first().click();
    await expect(selectedCount(page)).toHaveText("No listings selected.");

    // The pointer rests on Next page: its data is fetched ahead, no listing selected then.
    const next = page.getByRole("navigation", { name: "Pages of listings" }).getByRole("link", { name: "Next page" });
    const prefetched = page.waitForResponse(
      (response) => response.request().method() === "GET" && /offset=20/.test(response.url()),
    );
    await next.hover();
    await (await prefetched).finished();

    const saved = tickAnswered(page);
    await page.getByRole("checkbox", { name: `Select ${lamp(3)}` }).check();
    await saved;
    await expect(selectedCount(page)).toHaveText("1 listing selected.");
    await next.click();
    await expect(page.getByRole("checkbox", { name: `Select ${lamp(23)}` })).toBeVisible();
    await expect(selectedCount(page)).toHaveText("1 listing selected.");
    await page
      .getByRole("navigation", { name: "Pages of listings" })
      .getByRole("link", { name: "Previous page" })
      .click();
    await expect(page.getByRole("checkbox", { name: `Select ${lamp(3)}` })).toBeChecked();
  });

  test("by keyboard: a page fetched ahead when its link had focus shows the tick made after it", async ({ page }) => {
    await signIn(page, "repricer-prefetch-keys", DEMO.password);
    await waitForHydration(page);
    const listingsLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first();
    await tabTo(page, listingsLink);
    await page.keyboard.press("Enter");
    await expect(selectedCount(page)).toHaveText("No listings selected.");

    // The last row's box, then on to Next page: focus is intent, so its data is fetched ahead.
    // A few key presses apart, well within the five seconds the browser keeps that copy (decision 061).
    const box = page.getByRole("checkbox", { name: `Select ${lamp(20)}` });
    await tabTo(page, box);
    const next = page.getByRole("navigation", { name: "Pages of listings" }).getByRole("link", { name: "Next page" });
    const prefetched = page.waitForResponse(
      (response) => response.request().method() === "GET" && /offset=20/.test(response.url()),
    );
    await tabTo(page, next);
    await (await prefetched).finished();

    while (!(await box.evaluate((element) => element === document.activeElement)))
      await page.keyboard.press("Shift+Tab");
    const saved = tickAnswered(page);
    await page.keyboard.press("Space");
    await saved;
    await expect(selectedCount(page)).toHaveText("1 listing selected.");
    await tabTo(page, next);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("checkbox", { name: `Select ${lamp(23)}` })).toBeVisible();
    await expect(selectedCount(page)).toHaveText("1 listing selected.");
    await tabTo(
      page,
      page.getByRole("navigation", { name: "Pages of listings" }).getByRole("link", { name: "Previous page" }),
    );
    await page.keyboard.press("Enter");
    await expect(box).toBeChecked();
  });

  test("without JavaScript: the same steps as plain forms and pages", async ({ browser }) => {
    // Every step a page load: 54.9 s in a CI run of two workers on a slow machine (2026-11-29),
    // within 5 s of the default 60 s.
    test.setTimeout(90_000);
    const seller = "repricer-nojs";
    const before = pricesOf(seller);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, seller, DEMO.password);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first().click();

    await page.getByRole("checkbox", { name: `Select ${lamp(1)}` }).check(); // ended: cannot change
    await page.getByRole("checkbox", { name: `Select ${lamp(3)}` }).check();
    await page.getByRole("button", { name: "Keep ticks" }).click();
    await expect(selectedCount(page)).toHaveText("2 listings selected.");
    // The page holds the scripts' link as well, which would leave this page's ticks behind: not shown here.
    await expect(page.getByRole("link", { name: "Change prices or quantities" })).toBeHidden();
    await page.getByRole("navigation", { name: "Pages of listings" }).getByRole("link", { name: "Next page" }).click();
    await page.getByRole("checkbox", { name: `Select ${lamp(24)}` }).check();
    await page.getByRole("button", { name: "Change prices or quantities of the ticked listings" }).click();

    await expect(page.getByRole("heading", { name: "Change the prices or quantities of 3 listings" })).toBeVisible();
    // A refused choice says why, and previews nothing.
    await page.getByRole("radio", { name: "Raise by an amount" }).check();
    await page.getByLabel("Amount, percentage or number of items").fill("2.505");
    await page.getByRole("button", { name: "Preview the change" }).click();
    await expect(page.getByText(/^Enter the amount as a number above 0/).first()).toBeVisible();
    await expect(page.getByLabel("Amount, percentage or number of items")).toHaveAttribute("aria-invalid", "true");
    // A decimal comma, as a German phone's keypad types it, is a decimal mark too.
    await page.getByLabel("Amount, percentage or number of items").fill("2,50");
    await page.getByRole("button", { name: "Preview the change" }).click();

    await expect(page.getByRole("heading", { name: "Preview: Raise by 2.50" })).toBeVisible();
    await expect(page.getByText("1 listing cannot change: The listing has ended.")).toBeVisible();
    await expectNoAccessibilityViolationsWithoutJavaScript(page);
    const apply = page.getByRole("button", { name: "Apply new prices to 2 listings" });
    const form = await apply.evaluate((button: HTMLButtonElement) => ({
      action: button.form?.action ?? "",
      srt: new FormData(button.form ?? undefined).get("srt") as string,
    }));
    await apply.click();
    await expect(page.getByRole("heading", { name: "Applied: Raise by 2.50" })).toBeVisible();
    expect(pricesOf(seller)).toEqual({ ...before, [lamp(3)]: 1_450, [lamp(24)]: 3_550 });

    // The same confirmation sent again, as a browser retries after a time-out: nothing more is applied.
    const retry = await page.request.post(form.action, { form: { srt: form.srt }, maxRedirects: 0 });
    expect(retry.status()).toBe(303);
    expect(pricesOf(seller)).toEqual({ ...before, [lamp(3)]: 1_450, [lamp(24)]: 3_550 });

    // Back on the listings page, the change is there to see and to undo.
    await page.getByRole("link", { name: "Back to your listings" }).click();
    const lastChange = page.getByRole("region", { name: "Your last change" });
    // In the site's time, eBay.com's Pacific time, named beside it.
    await expect(lastChange).toContainText(/^Your last change\s*Raise by 2\.50, applied .+ P[SD]T\./);
    await expectNoAccessibilityViolationsWithoutJavaScript(page);

    // The seller chooses another zone in the header (a form, as everything here without scripts):
    // the same page comes back, its times in Berlin's.
    await page.getByRole("banner").getByText("Preferences").filter({ visible: true }).click();
    const timeZone = page.getByRole("banner").getByRole("combobox", { name: "Time zone" });
    await expect(timeZone).toHaveValue("America/Los_Angeles");
    await timeZone.selectOption({ label: "Central European Time (Berlin)" });
    await page.getByRole("banner").getByRole("button", { name: "Change time zone" }).click();
    await expect(page).toHaveURL(/\/sh\/lst\/active/);
    await page.getByRole("banner").getByText("Preferences").filter({ visible: true }).click();
    await expect(timeZone).toHaveValue("Europe/Berlin");
    await expect(lastChange).toContainText(/applied .+ GMT\+[12]\./);
    await lastChange.getByRole("button", { name: "Undo this change" }).click();
    await expect(page.getByRole("heading", { name: "Undone: Raise by 2.50" })).toBeVisible();
    expect(pricesOf(seller)).toEqual(before);
    await expectNoAccessibilityViolationsWithoutJavaScript(page);
    await page.getByRole("link", { name: "Back to your listings" }).click();
    await expect(lastChange).toContainText("then undone.");
    await expect(lastChange.getByRole("button", { name: "Undo this change" })).toBeHidden();
    await context.close();
  });

  test("on a phone: select all matching, preview and apply by touch, nothing scrolling sideways", async ({
    browser,
  }) => {
    const seller = "repricer-phone";
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signIn(page, seller, DEMO.password);
    await waitForHydration(page);
    await page.goto("/sh/lst/active?status=active");
    await waitForHydration(page);
    await page.getByRole("button", { name: `Select all ${REPRICER_LISTINGS - 2} matching these filters` }).tap();
    await expect(selectedCount(page)).toHaveText(`${REPRICER_LISTINGS - 2} listings selected.`);
    await expectNoAccessibilityViolations(page);
    await page.getByRole("link", { name: "Change prices or quantities" }).tap();
    await page.getByRole("radio", { name: "Set one price" }).tap();
    await page.getByLabel(/New price/).fill("19.99");
    await page.getByRole("button", { name: "Preview the change" }).tap();
    await expect(page.getByRole("heading", { name: "Preview: Set to 19.99" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAccessibilityViolations(page);
    await page.getByRole("button", { name: /^Apply new prices to \d+ listings$/ }).tap();
    await expect(page.getByRole("heading", { name: "Applied: Set to 19.99" })).toBeVisible();
    const after = pricesOf(seller);
    expect(Object.values(after).filter((price) => price === 1_999)).toHaveLength(REPRICER_LISTINGS - 2);
    await expectNoAccessibilityViolations(page);
    await context.close();
  });

  test("the changes page finds a change again after its page is left, and undoes the last", async ({ page }) => {
    test.setTimeout(90_000);
    const seller = "repricer-changes";
    const before = pricesOf(seller);
    await signIn(page, seller, DEMO.password);
    await waitForHydration(page);
    await emulateSlowNetwork(page);
    const listingsLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first();
    await listingsLink.click();
    await expect(page.getByRole("table", { name: /Your listings/ })).toBeVisible();

    // Nothing changed yet: the page says how to begin.
    await page.getByRole("link", { name: "Your price and quantity changes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Changes" })).toBeVisible();
    await expect(page.getByText("You have not changed prices or quantities in the hub yet")).toBeVisible();
    await page.getByRole("link", { name: "All listings" }).first().click();

    // A change applied, then a preview left unapplied.
    await raiseOneListing(page, lamp(3), "1", "mouse");
    await expect(page.getByRole("heading", { name: /^Applied: Raise by 1/ })).toBeFocused();
    expect(pricesOf(seller)[lamp(3)]).toBe((before[lamp(3)] as number) + 100);
    await listingsLink.click();
    for (const number of [4, 5]) await page.getByRole("checkbox", { name: `Select ${lamp(number)}` }).check();
    await page.getByRole("link", { name: "Change prices or quantities" }).click();
    await page.getByRole("radio", { name: "Lower by a percentage" }).check();
    await page.getByLabel(/Percentage to take off/).fill("5");
    await page.getByRole("button", { name: "Preview the change" }).click();
    await expect(page.getByRole("heading", { name: /^Preview: Lower by 5%/ })).toBeVisible();

    // Left for another page, both are found again on the changes page, newest first.
    await listingsLink.click();
    await page.getByRole("link", { name: "Your price and quantity changes" }).click();
    const table = page.getByRole("table", { name: "Your price and quantity changes, newest first" });
    await expect(table.getByRole("row")).toHaveCount(3);
    await expect(table.getByRole("row").nth(1)).toContainText(/Lower by 5%.*2Preview, not applied$/);
    await expect(table.getByRole("row").nth(2)).toContainText(/Raise by 1.*1AppliedRepricer \d+$/);
    await expectNoAccessibilityViolations(page);

    // The preview's page, from its link; then the last change undone from here.
    await table.getByRole("link", { name: /^Lower by 5%/ }).click();
    await expect(page.getByRole("heading", { name: /^Preview: Lower by 5%/ })).toBeVisible();
    await page.goBack();
    await page.getByRole("button", { name: "Undo this change" }).click();
    await expect(page.getByRole("heading", { name: /^Undone: Raise by 1/ })).toBeFocused();
    expect(pricesOf(seller)).toEqual(before);
    await listingsLink.click();
    await page.getByRole("link", { name: "Your price and quantity changes" }).click();
    await expect(table.getByRole("row").nth(2)).toContainText(/Raise by 1.*1Undone /);
    await expect(page.getByRole("button", { name: "Undo this change" })).toHaveCount(0);
  });

  test("the demo's message about bulk prices leads to them", async ({ signedInPage: page }) => {
    await page.getByRole("link", { name: "Try bulk price changes" }).click();
    await expect(page).toHaveURL(/\/sh\/lst\/active#change-prices$/);
    await expect(page.getByRole("region", { name: "Change prices or quantities in bulk" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: /^Select / }).first()).toBeVisible();
  });

  test("with nothing selected, choosing says so and leads back to the ticks", async ({ signedInPage: page }) => {
    // A bookmark, or Back after clearing the selection: this session has ticked nothing.
    await page.goto("/sh/lst/prices");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText("No listings selected");
    await expect(page.getByRole("button", { name: "Preview the change" })).toHaveCount(0);
    await page.getByRole("link", { name: "your listings page" }).click();
    await expect(page.getByRole("region", { name: "Change prices or quantities in bulk" })).toBeInViewport();
  });
});

test.describe("changing quantities in bulk", () => {
  test("on a slow network: tick three, take two off each, see who cannot, apply, see them, undo from the changes page", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const seller = "repricer-quantities";
    const before = quantitiesOf(seller);
    const prices = pricesOf(seller);
    await signIn(page, seller, DEMO.password);
    await waitForHydration(page);
    await emulateSlowNetwork(page);
    const listingsLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first();
    await listingsLink.click();
    // Lamp 01 has ended: it cannot change.
    for (const number of [1, 3, 4]) await page.getByRole("checkbox", { name: `Select ${lamp(number)}` }).check();
    await expect(selectedCount(page)).toHaveText("3 listings selected.");
    await page.getByRole("link", { name: "Change prices or quantities" }).click();
    await expect(page.getByRole("heading", { name: "Change the prices or quantities of 3 listings" })).toBeVisible();
    await page.getByRole("radio", { name: "Take off the quantity" }).check();
    // A quantity is never rounded: the rounding goes while one is chosen.
    await expect(page.getByRole("combobox", { name: "Round each new price" })).toHaveCount(0);
    const amount = page.getByRole("textbox", { name: "Items to take off" });
    await amount.fill("1.5");
    await page.getByRole("button", { name: "Preview the change" }).click();
    await expect(amount).toHaveAccessibleDescription(
      /Enter the number of items as a whole number above 0, for example 5\.$/,
    );
    await expect(amount).toBeFocused();
    await amount.fill("2");
    await page.getByRole("button", { name: "Preview the change" }).click();

    await expect(page.getByRole("heading", { name: "Preview: Take 2 off the quantity" })).toBeVisible();
    await expect(page.getByText("2 listings will get a new quantity.")).toBeVisible();
    await expect(page.getByText("1 listing cannot change: The listing has ended.")).toBeVisible();
    const rows = page.getByRole("table", { name: "Listings of this change" });
    await expect(rows.getByRole("row", { name: new RegExp(lamp(3)) })).toContainText("Quantity31−2—Will change");
    await expectNoAccessibilityViolations(page);
    expect(quantitiesOf(seller)).toEqual(before);
    await page.getByRole("button", { name: "Apply new quantities to 2 listings" }).click();
    await expect(page.getByRole("heading", { name: "Applied: Take 2 off the quantity" })).toBeFocused();
    expect(quantitiesOf(seller)).toEqual({ ...before, [lamp(3)]: 1, [lamp(4)]: 1 });
    expect(pricesOf(seller)).toEqual(prices);

    // The listing's page shows its new quantity and the change in its history.
    await rows.getByRole("link", { name: lamp(3) }).click();
    await expect(page.locator(".listing-facts")).toContainText("Quantity1");
    await expect(
      page.getByRole("table", { name: "Changes of price and quantity, newest first" }).getByRole("row").nth(1),
    ).toContainText("Quantity31Take 2 off the quantity");

    // Undone from the changes page.
    await listingsLink.click();
    await page.getByRole("link", { name: "Your price and quantity changes" }).click();
    const changes = page.getByRole("table", { name: "Your price and quantity changes, newest first" });
    await expect(changes.getByRole("row").nth(1)).toContainText(/Take 2 off the quantity.*2Applied/);
    await page.getByRole("button", { name: "Undo this change" }).click();
    await expect(page.getByRole("heading", { name: "Undone: Take 2 off the quantity" })).toBeFocused();
    expect(quantitiesOf(seller)).toEqual(before);
  });

  test("without JavaScript: a rounding chosen for a quantity is refused with the reason, then the stock of one set to none", async ({
    browser,
  }) => {
    const seller = "repricer-quantities-nojs";
    const before = quantitiesOf(seller);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, seller, DEMO.password);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Listings" }).first().click();
    await page.getByRole("checkbox", { name: `Select ${lamp(5)}` }).check();
    await page.getByRole("button", { name: "Change prices or quantities of the ticked listings" }).click();
    await page.getByRole("radio", { name: "Set one quantity" }).check();
    const amount = page.getByLabel("Amount, percentage or number of items");
    await amount.fill("0");
    await page
      .getByRole("combobox", { name: "Round each new price" })
      .selectOption({ label: "To the nearest price ending in .99" });
    await page.getByRole("button", { name: "Preview the change" }).click();
    await expect(page.getByText("Quantities are not rounded: choose “Don’t round”.").first()).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Round each new price" })).toHaveAttribute("aria-invalid", "true");
    await expectNoAccessibilityViolationsWithoutJavaScript(page);
    await page.getByRole("combobox", { name: "Round each new price" }).selectOption({ label: "Don’t round" });
    await page.getByRole("button", { name: "Preview the change" }).click();
    await expect(page.getByRole("heading", { name: "Preview: Quantity set to 0" })).toBeVisible();
    await page.getByRole("button", { name: "Apply new quantities to 1 listing" }).click();
    await expect(page.getByRole("heading", { name: "Applied: Quantity set to 0" })).toBeVisible();
    expect(quantitiesOf(seller)).toEqual({ ...before, [lamp(5)]: 0 });
    await expectNoAccessibilityViolationsWithoutJavaScript(page);
    // With none left it is out of stock: among the listings the navigation's "Out of stock" shows
    // (it stayed "Active", outside them, until an audit of 2026-11-29).
    await page.getByRole("link", { name: "Out of stock", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(lamp(5)) })).toContainText("Out of stock");
    await context.close();
  });

  test.describe("on a phone 390 px wide, by touch", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test("ticks, adds to the quantity on the number keypad, applies, nothing scrolling sideways", async ({ page }) => {
      const seller = "repricer-quantities-touch";
      const before = quantitiesOf(seller);
      await signIn(page, seller, DEMO.password);
      await waitForHydration(page);
      await tapInMenu(page, "All listings");
      for (const number of [6, 7]) await page.getByRole("checkbox", { name: `Select ${lamp(number)}` }).tap();
      await expect(selectedCount(page)).toHaveText("2 listings selected.");
      await page.getByRole("link", { name: "Change prices or quantities" }).tap();
      await page.getByRole("radio", { name: "Add to the quantity" }).tap();
      const amount = page.getByRole("textbox", { name: "Items to add" });
      await expect(amount).toHaveAttribute("inputmode", "numeric");
      await amount.tap();
      await amount.fill("10");
      expect(await scrollsNoWider(page)).toBe(true);
      await page.getByRole("button", { name: "Preview the change" }).tap();
      await expect(page.getByRole("heading", { name: "Preview: Add 10 to the quantity" })).toBeVisible();
      expect(await scrollsNoWider(page)).toBe(true);
      await expectNoAccessibilityViolations(page);
      await page.getByRole("button", { name: "Apply new quantities to 2 listings" }).tap();
      await expect(page.getByRole("heading", { name: "Applied: Add 10 to the quantity" })).toBeVisible();
      expect(quantitiesOf(seller)).toEqual({ ...before, [lamp(6)]: 13, [lamp(7)]: 13 });
    });
  });
});
