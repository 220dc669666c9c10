import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { findChromium } from "../scripts/ensure-chromium.ts";
import { encodedBytes } from "./encoded-bytes.ts";

/** app/site-speed/site-speed-beacon.ts's mark, set once web-vitals' chunk has run (not imported: a browser module). */
const MEASURING_WEB_VITALS_MARK = "seller-hub:measuring-web-vitals";

export interface ShippedJavaScript {
  files: number;
  rawBytes: number;
  /** What the server sends a browser that accepts only gzip. */
  gzipBytes: number;
  /** What the server sends a browser that accepts brotli (Chromium does). */
  brotliBytes: number;
  /**
   * Scripts requested after the load event (web-vitals' chunk), brotli. Every first visit
   * receives them, so the budget counts them (issue 34): `firstVisitBrotliBytes`.
   */
  afterLoadBrotliBytes: number;
}

export interface HydrationTiming {
  firstPaintMs: number[];
  hydratedMs: number[];
  lcpMs: number[];
  /** Cumulative layout shift up to hydration and a moment after: what moved while the seller looked. */
  layoutShift: number[];
}

/**
 * Lighthouse's mobile audit's network (its "slow 4G": 150 ms round trip, 1.6 Mbit/s down,
 * 750 kbit/s up), here applied by Chromium's own throttling to real loads rather than simulated.
 */
export const SLOW_4G = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function withChromium<T>(work: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    return await work(browser);
  } finally {
    await browser.close();
  }
}

/** A fresh context, so every load starts with a cold cache, carrying the session cookie. */
async function coldContext(browser: Browser, baseUrl: string, sessionCookie: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const [name, value] = sessionCookie.split("=");
  if (name && value) await context.addCookies([{ name, value, url: baseUrl }]);
  return context;
}

/**
 * The scripts a page loads on first load, summed, and apart those it loads after its load
 * event (the site-speed beacon's web-vitals chunk). With `frameOnly`, only those of its frames
 * (the product summary inside the listing page).
 */
export async function measureJavaScript(
  browser: Browser,
  baseUrl: string,
  sessionCookie: string,
  path: string,
  frameOnly = false,
): Promise<ShippedJavaScript> {
  const context = await coldContext(browser, baseUrl, sessionCookie);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    if (frameOnly && response.frame() === page.mainFrame()) return;
    scripts.push(response.url());
  });
  await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  // web-vitals' chunk is asked for once the browser is idle after the load, up to seconds later
  // on a busy machine: the network's half-second of quiet can come first. Every document starts
  // the beacon (the root route; the product summary's frame), which marks once the chunk has run.
  for (const frame of page.frames())
    if (!frameOnly || frame !== page.mainFrame())
      await frame.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MEASURING_WEB_VITALS_MARK, {
        timeout: 15_000,
      });
  // Each document's own account of which scripts it started after its load event.
  const late = new Set<string>();
  for (const frame of page.frames()) {
    const names = await frame.evaluate(() => {
      const loadEnd =
        (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd ||
        Number.POSITIVE_INFINITY;
      return performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js") && entry.startTime >= loadEnd)
        .map((entry) => entry.name);
    });
    for (const name of names) late.add(name);
  }
  await context.close();
  const urls = scripts.filter((url) => !late.has(url));
  const afterLoad = scripts.filter((url) => late.has(url));
  const sum = async (files: string[], acceptEncoding: string) =>
    (await Promise.all(files.map((url) => encodedBytes(url, { "Accept-Encoding": acceptEncoding })))).reduce(
      (total, bytes) => total + bytes.length,
      0,
    );
  return {
    files: urls.length,
    rawBytes: await sum(urls, "identity"),
    gzipBytes: await sum(urls, "gzip"),
    brotliBytes: await sum(urls, "br"),
    afterLoadBrotliBytes: await sum(afterLoad, "br"),
  };
}

/** Every script a first visit receives, brotli: those of the load and those requested after it. */
export function firstVisitBrotliBytes(shipped: ShippedJavaScript): number {
  return shipped.brotliBytes + shipped.afterLoadBrotliBytes;
}

/**
 * From navigation start to the first contentful paint, the app's hydration mark and the page's
 * LCP, and the layout shift until then, over several cold loads (1280 × 720); on the local
 * network unless `network` throttles it.
 */
export async function measureHydration(
  browser: Browser,
  baseUrl: string,
  sessionCookie: string,
  path: string,
  { loads = 5, network }: { loads?: number; network?: typeof SLOW_4G } = {},
): Promise<HydrationTiming> {
  const timing: HydrationTiming = { firstPaintMs: [], hydratedMs: [], lcpMs: [], layoutShift: [] };
  for (let load = 0; load < loads; load++) {
    const context = await coldContext(browser, baseUrl, sessionCookie);
    const page = await context.newPage();
    if (network) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.emulateNetworkConditions", { offline: false, ...network });
    }
    await page.goto(`${baseUrl}${path}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const { firstPaint, hydrated, lcp, layoutShift } = await page.evaluate(async () => {
      const lcpEntry = await new Promise<PerformanceEntry | undefined>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1))).observe({
          type: "largest-contentful-paint",
          buffered: true,
        });
        setTimeout(() => resolve(undefined), 2000);
      });
      // Layout-shift entries are not in the DOM library's types; `value` and `hadRecentInput` are
      // what the Layout Instability API defines, and a shift right after input is not counted.
      const shifts = await new Promise<{ value: number; hadRecentInput: boolean }[]>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]),
        ).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve([]), 500);
      });
      return {
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        hydrated: performance.getEntriesByName("seller-hub:hydrated")[0]?.startTime ?? Number.NaN,
        lcp: lcpEntry?.startTime ?? Number.NaN,
        layoutShift: shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0),
      };
    });
    timing.firstPaintMs.push(firstPaint);
    timing.hydratedMs.push(hydrated);
    timing.lcpMs.push(lcp);
    timing.layoutShift.push(layoutShift);
    await context.close();
  }
  return timing;
}
