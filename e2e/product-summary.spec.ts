import type { Frame, Page } from "@playwright/test";
import { expect, expectNoAccessibilityViolations, openTestDatabase, signIn, test, waitForHydration } from "./fixtures";

interface DemoListing {
  id: number;
  epid: string;
  title: string;
  condition: string;
}

/** The demo seller's first active listing: the page every test here reads. */
function demoListing(): DemoListing {
  const database = openTestDatabase();
  const listing = database
    .prepare(
      "select listing.id, epid, title, condition from listing join seller on seller.id = listing.seller_id where username = 'demo' and status = 'active' order by listing.id limit 1",
    )
    .get() as unknown as DemoListing;
  database.close();
  return listing;
}

const money = (cents: number) => (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });

/** Every seller's active listings of a product by condition, figured here from the raw prices. */
function expectedMarket(epid: string): Map<string, [count: string, lowest: string, median: string, highest: string]> {
  const database = openTestDatabase();
  const prices = database
    .prepare(
      "select condition, price from listing where epid = ? and currency = 'USD' and status = 'active' order by price",
    )
    .all(epid) as Array<{ condition: string; price: number }>;
  database.close();
  const byCondition = Map.groupBy(prices, (row) => row.condition);
  const figures = new Map<string, [string, string, string, string]>();
  for (const [condition, rows] of byCondition) {
    const sorted = rows.map((row) => row.price);
    const middle = (sorted.length - 1) / 2;
    const median = Math.round(((sorted[Math.floor(middle)] as number) + (sorted[Math.ceil(middle)] as number)) / 2);
    figures.set(condition, [
      String(sorted.length),
      money(sorted[0] as number),
      money(median),
      money(sorted.at(-1) as number),
    ]);
  }
  return figures;
}

async function openDetail(page: Page, listing: DemoListing): Promise<Frame> {
  await page.goto(`/sh/lst/${listing.id}`);
  await waitForHydration(page);
  await page.frameLocator('iframe[title="Product summary"]').locator("main#product-summary").waitFor();
  const frame = page.frame({ url: /\/sh\/prod-summary\?/ });
  if (!frame) throw new Error("The product summary frame did not load.");
  return frame;
}

const frameSearch = (frame: Frame) => new URL(frame.url()).searchParams;

test.describe("the listing detail page and its product summary", () => {
  test("shows the listing and frames its product summary, grown to the summary's height", async ({
    signedInPage: page,
  }) => {
    const listing = demoListing();
    const frame = await openDetail(page, listing);
    await expect(page.getByRole("heading", { level: 1, name: "Listing" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: listing.title })).toBeVisible();
    await expect(frame.getByText("This listing")).toBeVisible();
    await expect(frame.getByRole("heading", { level: 1, name: listing.title })).toBeVisible();

    // The frame's inside is at least as tall as its document: nothing scrolls within it, even
    // with classic scrollbars (its border is outside the height the summary reports).
    await expect
      .poll(() => frame.evaluate(() => window.innerHeight - document.documentElement.scrollHeight))
      .toBeGreaterThanOrEqual(0);
    const iframe = page.locator('iframe[title="Product summary"]');
    const innerHeight = await frame.evaluate(() => window.innerHeight);
    expect((await iframe.boundingBox())?.height).toBeLessThanOrEqual(innerHeight + 2);
    // Each fact once: the listing's facts name it, and nothing outside the frame repeats them
    // (the page once showed the frame's fields again, "At a glance").
    const terms = page.getByRole("article", { name: listing.title }).getByRole("term");
    const fact = (name: string) => terms.filter({ hasText: new RegExp(`^${name}$`) });
    for (const name of ["Price", "Listing number", "Product ID \\(ePID\\)"]) await expect(fact(name)).toHaveCount(1);
    await expect(fact("Listing number").locator("xpath=following-sibling::dd[1]")).toHaveText(String(listing.id));
    await expect(fact("Product ID \\(ePID\\)").locator("xpath=following-sibling::dd[1]")).toHaveText(listing.epid);
    await expect(page.getByText("At a glance")).toHaveCount(0);
  });

  test("Product insights in the frame opens the panel with the market's figures", async ({ signedInPage: page }) => {
    const listing = demoListing();
    const frame = await openDetail(page, listing);
    await frame.getByRole("link", { name: "Product insights" }).click();

    await expect(page).toHaveURL(new RegExp(`/sh/lst/${listing.id}/insights$`));
    const panel = page.getByRole("region", { name: "Product insights" });
    await expect(panel.getByRole("heading", { name: "Product insights" })).toBeFocused();
    await expect(page, "the panel opens over the listing's page").toHaveTitle(`${listing.title} · Seller Hub`);
    const expected = expectedMarket(listing.epid);
    expect(expected.size).toBeGreaterThan(0);
    const labels: Record<string, string> = {
      new: "New",
      open_box: "Open box",
      refurbished: "Certified refurbished",
      used: "Used",
      for_parts: "For parts or not working",
    };
    for (const [condition, [count, lowest, median, highest]] of expected) {
      await expect(panel.getByRole("row", { name: new RegExp(`^${labels[condition]} `) }).getByRole("cell")).toHaveText(
        [count, lowest, median, highest],
      );
    }
    await expectNoAccessibilityViolations(page);

    await panel.getByRole("link", { name: "Close product insights" }).click();
    await expect(page).toHaveURL(new RegExp(`/sh/lst/${listing.id}$`));
    await expect(panel).toBeHidden();
  });

  test("a condition change reloads the frame with the new condition and keeps the item", async ({
    signedInPage: page,
  }) => {
    const listing = demoListing();
    const frame = await openDetail(page, listing);
    const other = listing.condition === "new" ? ["used", "Used"] : ["new", "New"];
    await page.getByLabel("Compare with condition").selectOption(other[0] as string);

    await expect.poll(() => frameSearch(frame).get("condition")).toBe(other[0]);
    expect(frameSearch(frame).get("itemId")).toBe(String(listing.id));
    expect(frameSearch(frame).get("listingId")).toBe(String(listing.id));
    await expect(frame.locator(".product-summary__market")).toContainText(` ${other[1]} listing`);
    await expect(frame.getByText("This listing")).toBeVisible();
  });

  test("a filter change is written to the page's address, so a reload and Back keep it", async ({
    signedInPage: page,
  }) => {
    const listing = demoListing();
    const frame = await openDetail(page, listing);
    const other = listing.condition === "new" ? "used" : "new";
    await page.getByLabel("Compare with condition").selectOption(other);
    await expect.poll(() => frameSearch(frame).get("condition")).toBe(other);
    await expect(page).toHaveURL(new RegExp(`/sh/lst/${listing.id}\\?condition=${other}$`));

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByLabel("Compare with condition")).toHaveValue(other);
    await expect.poll(() => page.frame({ url: /\/sh\/prod-summary\?/ })?.url() ?? "").toContain(`condition=${other}`);

    await page.getByRole("link", { name: "All listings" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel("Compare with condition")).toHaveValue(other);
  });

  test("a change the frame cannot answer (the network gone) says so after the wait, and Try again loads the summary chosen", async ({
    signedInPage: page,
  }) => {
    // The wait is the spec's default time-out, 10000 ms.
    test.setTimeout(45_000);
    const listing = demoListing();
    await openDetail(page, listing);
    // The network fails after a moment, as a lost connection does: the frame's summary, still shown
    // while the whole document it fell back to is failing to load, must not answer the change.
    await page.route("**/sh/prod-summary?*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.abort("internetdisconnected");
    });
    await page.getByLabel("Your listings with status").selectOption("ended");
    // A second change while the first is unanswered waits for it; it must not wait forever either.
    await page.getByLabel("Compare with condition").selectOption("used");

    const stalled = page.getByRole("alert").filter({ hasText: "The product summary did not load." });
    await expect(stalled).toBeVisible({ timeout: 15_000 });
    await expectNoAccessibilityViolations(page);

    await page.unroute("**/sh/prod-summary?*");
    await stalled.getByRole("button", { name: "Try again" }).click();
    await expect(stalled).toBeHidden();
    await expect(page.getByTitle("Product summary")).toBeFocused();
    const frame = page.frameLocator('iframe[title="Product summary"]');
    await expect(frame.getByRole("heading", { level: 1 })).toBeVisible();
    await expect
      .poll(() => new URL(page.frame({ url: /\/sh\/prod-summary\?/ })?.url() ?? "http://x/").searchParams.toString())
      .toBe(`listingId=${listing.id}&condition=used&status=ended`);

    // Answered again: the next change goes through at once.
    await page.getByLabel("Your listings with status").selectOption("active");
    await expect.poll(() => page.frame({ url: /\/sh\/prod-summary\?/ })?.url() ?? "").toContain("status=active");
    await expect(stalled).toBeHidden();
  });

  test("a change of anything but the condition reloads the frame without the item", async ({ signedInPage: page }) => {
    const listing = demoListing();
    const frame = await openDetail(page, listing);
    await page.getByLabel("Your listings with status").selectOption("ended");

    await expect.poll(() => frameSearch(frame).get("status")).toBe("ended");
    expect(frameSearch(frame).has("itemId")).toBe(false);
    await expect(frame.locator(".product-summary__subject")).toHaveText(
      /^(Your lowest-priced ended listing of this product|You have no ended listing of this product\.)$/,
    );

    // The item stays let go: a later condition change does not bring it back.
    await page.getByLabel("Compare with condition").selectOption("used");
    await expect.poll(() => frameSearch(frame).get("condition")).toBe("used");
    expect(frameSearch(frame).has("itemId")).toBe(false);
  });

  test("messages from another origin or another window change nothing, on either side", async ({
    signedInPage: page,
  }) => {
    const listing = demoListing();
    const frame = await openDetail(page, listing);
    const conditionChange = {
      type: "conditionChange",
      data: { fieldChanged: "status", itemId: "", condition: "for_parts", status: "ended" },
    };

    // In the frame: a well-formed conditionChange from a foreign origin, and one from the frame's own window.
    const frameOutcome = await frame.evaluate((message) => {
      const started: string[] = [];
      window.addEventListener("seller-hub:refilter-before", (event) =>
        started.push((event as CustomEvent<{ url: string }>).detail.url),
      );
      window.dispatchEvent(
        new MessageEvent("message", { data: message, origin: "https://attacker.example", source: window.parent }),
      );
      window.dispatchEvent(new MessageEvent("message", { data: message, origin: location.origin, source: window }));
      window.dispatchEvent(
        new MessageEvent("message", {
          data: { ...message, data: { ...message.data, status: "sold" } },
          origin: location.origin,
          source: window.parent,
        }),
      );
      return { started, busy: document.getElementById("product-summary")?.getAttribute("aria-busy") ?? null };
    }, conditionChange);
    expect(frameOutcome).toEqual({ started: [], busy: null });

    // In the parent: a report from a foreign origin would shrink the frame and open the panel.
    const parentOutcome = await page.evaluate(() => {
      const iframe = document.querySelector<HTMLIFrameElement>('iframe[title="Product summary"]');
      const before = iframe?.style.height;
      const report = {
        type: "loadProductInsightsData",
        data: {
          listingId: "1",
          epid: "x",
          displayPrice: "$0",
          additionalPrice: "",
          logisticsCost: "",
          contentHeight: 5,
        },
      };
      window.dispatchEvent(
        new MessageEvent("message", {
          data: report,
          origin: "https://attacker.example",
          source: iframe?.contentWindow,
        }),
      );
      window.dispatchEvent(new MessageEvent("message", { data: report, origin: location.origin, source: window }));
      return { unchanged: iframe?.style.height === before, height: iframe?.style.height };
    });
    expect(parentOutcome.unchanged).toBe(true);
    expect(parentOutcome.height).not.toBe("5px");
    await expect(page).toHaveURL(new RegExp(`/sh/lst/${listing.id}$`));

    // The real parent, through the real channel, is still heard.
    await page.getByLabel("Compare with condition").selectOption("used");
    await expect.poll(() => frameSearch(frame).get("condition")).toBe("used");
    expect(frameSearch(frame).get("status")).toBeNull();
  });

  test("opened on its own, the product summary sends the seller to the listing's page", async ({
    signedInPage: page,
  }) => {
    const listing = demoListing();
    await page.goto(`/sh/prod-summary?listingId=${listing.id}`);
    await expect(page).toHaveURL(new RegExp(`/sh/lst/${listing.id}$`));
    await expect(page.getByRole("heading", { level: 2, name: listing.title })).toBeVisible();
  });

  test("another seller's listing, or no listing at all, is not found", async ({ signedInPage: page }) => {
    const database = openTestDatabase();
    const { id } = database
      .prepare(
        "select listing.id from listing join seller on seller.id = listing.seller_id where username = 'blue-star' limit 1",
      )
      .get() as { id: number };
    database.close();
    for (const path of [`/sh/lst/${id}`, "/sh/lst/not-a-number", `/sh/lst/${id}/insights`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    }
    const framed = await page.request.get(`/sh/prod-summary?listingId=${id}`, {
      headers: { "Sec-Fetch-Dest": "iframe" },
    });
    expect(framed.status()).toBe(404);
  });

  test("only the hub may frame the product summary", async ({ signedInPage: page }) => {
    const listing = demoListing();
    const response = await page.request.get(`/sh/prod-summary?listingId=${listing.id}`, {
      headers: { "Sec-Fetch-Dest": "iframe" },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(response.headers()["x-frame-options"]).toBeUndefined();
  });

  test("has no accessibility violations, frame included", async ({ signedInPage: page }) => {
    await openDetail(page, demoListing());
    // The frame has reported its height: the page as the seller reads it.
    await expect(page.locator('iframe[title="Product summary"]')).toHaveAttribute("style", /height: \d+px/);
    await expectNoAccessibilityViolations(page);
  });
});

test.describe("the listing detail page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the summary's filters are a GET form, and Product insights a link to the panel", async ({ page }) => {
    await signIn(page);
    const listing = demoListing();
    await page.goto(`/sh/lst/${listing.id}`);
    const summary = page.frameLocator('iframe[title="Product summary"]');
    await expect(summary.getByText("This listing")).toBeVisible();

    await page.getByLabel("Your listings with status").selectOption("active");
    await page.getByRole("button", { name: "Compare" }).click();
    await expect(page).toHaveURL(new RegExp(`/sh/lst/${listing.id}\\?condition=&status=active$`));
    await expect(page.locator('iframe[title="Product summary"]')).toHaveAttribute(
      "src",
      `/sh/prod-summary?listingId=${listing.id}&status=active`,
    );
    await expect(summary.locator(".product-summary__subject")).toHaveText(
      /^(This listing|Your lowest-priced active listing of this product)$/,
    );

    await summary.getByRole("link", { name: "Product insights" }).click();
    await expect(page).toHaveURL(new RegExp(`/sh/lst/${listing.id}/insights$`));
    await expect(page.getByRole("region", { name: "Product insights" }).getByRole("table")).toBeVisible();
    await expect(page).toHaveTitle(`${listing.title} · Seller Hub`);
  });
});
