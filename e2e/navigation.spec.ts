import { emulateSlowNetwork, expect, test } from "./fixtures";

test.describe("moving between the hub's pages", () => {
  test("resting the pointer on a link fetches its page's data ahead, and the click takes it from the cache", async ({
    signedInPage: page,
  }) => {
    // Chromium's own account of where each answer came from: the network or its cache.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const answers: { fromNetwork: boolean }[] = [];
    cdp.on("Network.responseReceived", ({ response }) => {
      if (new URL(response.url).pathname === "/sh/lst/active.data")
        answers.push({
          fromNetwork: !response.fromDiskCache && !response.fromPrefetchCache && !response.fromServiceWorker,
        });
    });
    const allListings = page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" });
    const prefetched = page.waitForResponse((response) => new URL(response.url()).pathname === "/sh/lst/active.data");
    await allListings.hover();
    await (await prefetched).finished();
    await allListings.click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    await expect.poll(() => answers.length).toBeGreaterThanOrEqual(2);
    expect(answers.filter((answer) => answer.fromNetwork)).toHaveLength(1);
  });

  test("keyboard focus on a link is intent too", async ({ signedInPage: page }) => {
    const prefetched = page.waitForRequest((request) => new URL(request.url()).pathname === "/sh/perf.data");
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).focus();
    await prefetched;
  });

  test("a navigation slower than a moment shows that it is under way, and the page then arrives", async ({
    signedInPage: page,
  }) => {
    await emulateSlowNetwork(page, 900);
    // Its words are for screen readers (the bar is decorative), so the test reads the status.
    const progress = page.getByRole("main").getByRole("status").filter({ hasText: "Loading…" });
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    await expect(progress).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();
    await expect(progress).toHaveCount(0);
  });

  test("a round trip on a slow network (350 ms): listings, a filter, the next page, a listing and its summary, then Back to the listings as they were", async ({
    signedInPage: page,
  }) => {
    await emulateSlowNetwork(page, 350);
    const sections = page.getByRole("navigation", { name: "Sections" });
    const resultsSummary = page.locator("output.results-summary");

    await sections.getByRole("link", { name: "All listings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Listings" })).toBeVisible();
    const messages = page.getByRole("region", { name: "Messages" }).locator("[data-message-id]");
    const shownMessages = await messages.count();
    expect(shownMessages).toBeGreaterThan(0);

    await page.getByLabel("Condition").selectOption("used");
    await expect(page).toHaveURL(/\?condition=used$/);
    await page.getByRole("navigation", { name: "Pages of listings" }).getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/condition=used&offset=20$/);
    await expect(resultsSummary).toHaveText(/^Showing 21–/);
    // A filter and a page are reloads of this page's data, not visits: the messages stay.
    await expect(messages).toHaveCount(shownMessages);

    const firstRow = page.getByRole("table").getByRole("row").nth(1);
    const title = (await firstRow.getByRole("link").first().textContent()) ?? "";
    await firstRow.getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    const frame = page.frameLocator('iframe[title="Product summary"]');
    await expect(frame.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByLabel("Compare with condition").selectOption("new");
    await expect.poll(() => page.frame({ url: /\/sh\/prod-summary\?/ })?.url() ?? "").toContain("condition=new");
    await expect(frame.locator(".product-summary__market")).toContainText("New listing");
    await expect(page.getByRole("alert")).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/sh\/lst\/active\?condition=used&offset=20$/);
    await expect(resultsSummary).toHaveText(/^Showing 21–/);
    await expect(page.getByLabel("Condition")).toHaveValue("used");
    await expect(
      page.getByRole("navigation", { name: "Pages of listings" }).getByRole("link", { name: "Page 2" }),
    ).toHaveAttribute("aria-current", "page");
  });
});
