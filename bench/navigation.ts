import type { Browser, Page } from "playwright-core";

export interface InAppNavigationTiming {
  /** Click to the start of the frame after the first that holds the listings' rows, one figure per navigation (the budget's measure). */
  clickToRowsMs: number[];
  /** Click to React's commit of the rows: the data, the render and the commit. */
  clickToCommitMs: number[];
  /**
   * Click to the end of the first frame holding the rows: a message posted from that frame's
   * animation callback runs once the browser has done its style, layout and paint work on the
   * main thread (the "after next paint" of web-vitals' INP measure).
   */
  clickToFrameMs: number[];
}

/**
 * Overview → listings by a click on the left navigation's "All listings", as a seller moves:
 * the pointer rests on the link first (which is when the hub prefetches), then clicks. The
 * figure runs from the click event to the start of the frame after the first that holds the
 * listings' rows.
 * `roundTripMs` emulates a network's round trip with Chromium's own throttling.
 */
export async function measureInAppNavigation(
  browser: Browser,
  baseUrl: string,
  sessionCookie: string,
  { navigations = 10, roundTripMs = 0 } = {},
): Promise<InAppNavigationTiming> {
  const context = await browser.newContext();
  const [name, value] = sessionCookie.split("=");
  if (name && value) await context.addCookies([{ name, value, url: baseUrl }]);
  const page = await context.newPage();
  if (roundTripMs > 0) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: roundTripMs,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  const timing: InAppNavigationTiming = { clickToRowsMs: [], clickToCommitMs: [], clickToFrameMs: [] };
  try {
    for (let navigation = 0; navigation < navigations; navigation++) {
      await page.goto(`${baseUrl}/sh/ovw`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const { rows, commit, frame } = await clickThroughToListings(page);
      timing.clickToRowsMs.push(rows);
      timing.clickToCommitMs.push(commit);
      timing.clickToFrameMs.push(frame);
    }
  } finally {
    await context.close();
  }
  return timing;
}

async function clickThroughToListings(page: Page): Promise<{ rows: number; commit: number; frame: number }> {
  const link = page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "All listings" });
  const painted = page.evaluate(
    () =>
      new Promise<{ rows: number; commit: number; frame: number }>((resolve) => {
        let clickedAt = Number.NaN;
        addEventListener("click", (event) => (clickedAt = event.timeStamp), { capture: true, once: true });
        const observer = new MutationObserver(() => {
          if (!location.pathname.startsWith("/sh/lst/active") || !document.querySelector(".listings-table tbody tr"))
            return;
          observer.disconnect();
          const commit = performance.now() - clickedAt;
          requestAnimationFrame(() => {
            const frameDone = new Promise<number>((done) => {
              const afterPaint = new MessageChannel();
              afterPaint.port1.onmessage = () => done(performance.now() - clickedAt);
              afterPaint.port2.postMessage(null);
            });
            requestAnimationFrame(() => {
              const rows = performance.now() - clickedAt;
              void frameDone.then((frame) => resolve({ rows, commit, frame }));
            });
          });
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
  );
  await link.hover();
  // Long enough for intent to show and a prefetch to finish on a fast network: a seller's
  // pointer rests on a link for about this long before the click.
  await page.waitForTimeout(300);
  await link.click();
  return painted;
}
