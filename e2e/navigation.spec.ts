import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Chromium's network emulation: every request waits `latency` ms, as on a slow mobile network. */
async function emulateSlowNetwork(page: Page, latency: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
}

test.describe("moving between the hub's pages", () => {
  test("resting the pointer on a link fetches its page's data ahead, and the click takes it from the cache", async ({ signedInPage: page }) => {
    // Chromium's own account of where each answer came from: the network or its cache.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    const answers: { fromNetwork: boolean }[] = [];
    cdp.on("Network.responseReceived", ({ response }) => {
      if (new URL(response.url).pathname === "/sh/lst/active.data") answers.push({ fromNetwork: !response.fromDiskCache && !response.fromPrefetchCache && !response.fromServiceWorker });
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

  test("a navigation slower than a moment shows that it is under way, and the page then arrives", async ({ signedInPage: page }) => {
    await emulateSlowNetwork(page, 900);
    // Its words are for screen readers (the bar is decorative), so the test reads the status.
    const progress = page.getByRole("main").getByRole("status").filter({ hasText: "Loading…" });
    await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Site speed" }).click();
    await expect(progress).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1, name: "Site speed" })).toBeVisible();
    await expect(progress).toHaveCount(0);
  });
});
