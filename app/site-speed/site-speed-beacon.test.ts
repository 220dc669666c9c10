// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SPEED_SESSION_COOKIE } from "./beacon-rules";
import { recordTracking } from "~/tracking/tracking";
import type { SpeedBeacon } from "./beacon-schema";
import { MEASURING_WEB_VITALS_MARK, startSiteSpeedBeacon, type PageViews } from "./site-speed-beacon";

/** web-vitals' callbacks by metric name, for reports that come later (a soft navigation's). */
const reporters = new Map<string, (metric: object) => void>();
vi.mock("web-vitals/attribution", () => {
  const reports =
    (name: string, value: number, attribution: object = {}) =>
    (report: (metric: object) => void) => {
      reporters.set(name, report);
      report({ name, value, entries: [{}], navigationURL: location.href, navigationType: "navigate", attribution });
    };
  return {
    onLCP: reports("LCP", 1480.3, {
      target: "main>h1.page-title",
      navigationEntry: {},
      timeToFirstByte: 120.2,
      resourceLoadDelay: 10.4,
      resourceLoadDuration: 300,
      elementRenderDelay: 1049.7,
    }),
    onINP: reports("INP", 96, {
      interactionTarget: "button#show",
      inputDelay: 8,
      processingDuration: 70.2,
      presentationDelay: 17.8,
      longestScript: {
        entry: {
          sourceURL: `${location.origin}/assets/listings.js`,
          sourceFunctionName: "show",
          invokerType: "event-listener",
        },
      },
    }),
    onCLS: reports("CLS", 0.01234),
    onFCP: reports("FCP", 900.6),
    onTTFB: reports("TTFB", 120.2),
  };
});

/** Lets the page load, the browser idle and web-vitals' chunk arrive. */
async function loadWebVitals() {
  await vi.runAllTimersAsync();
  await vi.dynamicImportSettled();
}

let visibility: DocumentVisibilityState = "visible";
let now = 2_000;
let pageViews: PageViews;
let resources: object[] = [];
/** Hands resource timings to the beacon's PerformanceObserver, as the browser does when each request ends. */
let observeResources: (entries: object[]) => void = () => {};
const sendBeacon = vi.fn<(url: string, body: Blob) => boolean>(() => true);

function hidePage() {
  visibility = "hidden";
  document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
}

function showPageAgain() {
  visibility = "visible";
  document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
}

/** A seller's click on a link to `path`, which the router renders as the page `pageName`. */
async function navigateInApp(
  path: string,
  pageName: string,
  { clickAt, routerStartsAt, shownAt, paintedAt }: Record<string, number>,
) {
  now = clickAt as number;
  dispatchEvent(Object.assign(new MouseEvent("click"), {}));
  now = routerStartsAt as number;
  pageViews.navigationStarted();
  now = shownAt as number;
  history.pushState(null, "", path);
  document.documentElement.dataset.pageName = pageName;
  pageViews.pageShown();
  pageViews.navigationSettled();
  now = paintedAt as number;
  await vi.advanceTimersByTimeAsync(50);
}

async function sentBeacons(): Promise<SpeedBeacon[]> {
  return Promise.all(sendBeacon.mock.calls.map(async ([, body]) => JSON.parse(await body.text()) as SpeedBeacon));
}

beforeEach(() => {
  vi.useFakeTimers();
  document.documentElement.dataset.pageName = "sellerHubOverview";
  document.cookie = `${SPEED_SESSION_COOKIE}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
  vi.stubGlobal("navigator", { ...navigator, sendBeacon });
  vi.stubGlobal(
    "PerformanceObserver",
    class {
      constructor(callback: (list: { getEntries(): object[] }) => void) {
        observeResources = (entries) => callback({ getEntries: () => entries });
      }
      observe() {}
      takeRecords() {
        return [];
      }
      disconnect() {}
    },
  );
  Object.assign(performance, {
    setResourceTimingBufferSize: vi.fn<(size: number) => void>(),
    getEntriesByType: vi.fn<(type: string) => object[]>((type) => (type === "resource" ? resources : [])),
  });
  resources = [
    {
      name: `${location.origin}/assets/root.js`,
      initiatorType: "script",
      startTime: 40,
      duration: 12,
      transferSize: 900,
    },
  ];
  history.replaceState(null, "", "/sh/ovw");
  visibility = "visible";
  vi.stubGlobal("requestAnimationFrame", (task: () => void) => setTimeout(task, 16));
  vi.spyOn(performance, "now").mockImplementation(() => now);
  // Events take their timeStamp from the same clock as performance.now().
  vi.spyOn(Event.prototype, "timeStamp", "get").mockImplementation(() => now);
  vi.spyOn(performance, "mark");
  now = 2_000;
  sendBeacon.mockClear();
  pageViews = startSiteSpeedBeacon();
});

afterEach(() => {
  pageViews.stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the site-speed beacon in the browser", () => {
  it("tells the build the page was loaded from, as React Router's manifest names it", async () => {
    vi.stubGlobal("__reactRouterManifest", { version: "460d5540" });
    hidePage();
    expect((await sentBeacons())[0]?.release).toBe("460d5540");
  });

  it("tells no build where the page has no React Router manifest (the product summary's frame)", async () => {
    hidePage();
    expect((await sentBeacons())[0]).not.toHaveProperty("release");
  });

  it("keeps 300 resource timings from the start", () => {
    expect(performance.setResourceTimingBufferSize).toHaveBeenCalledWith(300);
  });

  it("sends nothing while the page is shown, and one text/plain beacon when it is hidden", async () => {
    expect(sendBeacon).not.toHaveBeenCalled();
    hidePage();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0] as [string, Blob];
    expect(url).toBe("/sh/beacon");
    expect(body.type).toBe("text/plain;charset=utf-8");
    const [beacon] = await sentBeacons();
    expect(beacon).toMatchObject({
      pageName: "sellerHubOverview",
      kind: "full-load",
      sentAfterMs: 2000,
      ageMs: 2000,
      device: { viewportWidth: innerWidth },
      resources: [{ name: "/assets/root.js", size: 900 }],
      errors: [],
      tracking: [],
    });
  });

  it("loads web-vitals only once the page has loaded and the browser is idle, then reports its values and what to fix", async () => {
    expect(performance.mark).not.toHaveBeenCalledWith(MEASURING_WEB_VITALS_MARK);
    await loadWebVitals();
    expect(performance.mark).toHaveBeenCalledWith(MEASURING_WEB_VITALS_MARK);
    hidePage();
    const [beacon] = await sentBeacons();
    expect(beacon?.vitals).toEqual({ LCP: 1480, INP: 96, CLS: 0.0123, FCP: 901, TTFB: 120 });
    expect(beacon?.attribution).toEqual({
      lcpElement: "main>h1.page-title",
      lcpParts: { ttfb: 120, loadDelay: 10, loadTime: 300, renderDelay: 1050 },
      inpTarget: "button#show",
      inpPhases: { inputDelay: 8, processing: 70, presentation: 18 },
      inpScript: "/assets/listings.js show",
    });
  });

  it("folds repeated script errors and unhandled rejections into the next beacon, with the page shown", async () => {
    const error = () =>
      new ErrorEvent("error", {
        message: "Uncaught Error: boom",
        filename: `${location.origin}/assets/shell.js`,
        lineno: 3,
        colno: 9,
      });
    dispatchEvent(error());
    dispatchEvent(error());
    document.documentElement.dataset.pageName = "sellerHubSiteSpeed";
    const rejection = new Event("unhandledrejection") as PromiseRejectionEvent;
    Object.assign(rejection, { reason: new TypeError("Failed to fetch") });
    dispatchEvent(rejection);
    dispatchEvent(new Event("error"));
    hidePage();
    const [beacon] = await sentBeacons();
    expect(beacon?.pageName).toBe("sellerHubOverview");
    expect(beacon?.errors).toEqual([
      {
        message: "Uncaught Error: boom",
        source: "/assets/shell.js",
        line: 3,
        column: 9,
        count: 2,
        pageName: "sellerHubOverview",
      },
      {
        message: "Unhandled rejection: TypeError: Failed to fetch",
        source: "",
        line: 0,
        column: 0,
        count: 1,
        pageName: "sellerHubSiteSpeed",
      },
    ]);
  });

  it("sends each page view once; a seller coming back to the tab begins a resumed page view", async () => {
    hidePage();
    hidePage();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    now = 6_000;
    showPageAgain();
    now = 9_000;
    dispatchEvent(new ErrorEvent("error", { message: "Uncaught Error: after the return" }));
    hidePage();
    const [first, second] = await sentBeacons();
    expect(second).toMatchObject({
      pageName: "sellerHubOverview",
      kind: "resumed",
      // Its age counts from the seller's return, not from the load.
      ageMs: 3_000,
      sentAfterMs: 9_000,
      errors: [expect.objectContaining({ message: "Uncaught Error: after the return" })],
    });
    expect(second?.pageView).not.toBe(first?.pageView);
    expect(first?.errors).toEqual([]);
  });

  it("sends the page view when its document is unloaded without being hidden, as a removed frame is", () => {
    dispatchEvent(new Event("pagehide"));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it("sends no timings of a page view shown for 1,200,000 ms or more, but still its script errors and tracking", async () => {
    now = 1_200_000;
    hidePage();
    expect(sendBeacon).not.toHaveBeenCalled();
    showPageAgain();
    now = 2_500_000;
    dispatchEvent(new ErrorEvent("error", { message: "Uncaught Error: an hour in", filename: "/assets/root.js" }));
    recordTracking({ eventAction: "bulkPriceTry" });
    now = 3_800_000;
    hidePage();
    const [late] = await sentBeacons();
    expect(late).toMatchObject({
      kind: "resumed",
      errors: [expect.objectContaining({ message: "Uncaught Error: an hour in" })],
      tracking: [expect.objectContaining({ action: "bulkPriceTry", count: 1 })],
      vitals: {},
      resources: [],
    });
    expect(late?.inAppNavigation).toBeUndefined();
    // Its errors happened any time in the hour: the collector dates them when they arrive.
    expect(late).not.toHaveProperty("ageMs");
  });

  it("sends the full load's resources as they were when it ended, none of the next page's", async () => {
    resources.push({
      name: `${location.origin}/sh/lst/active.data`,
      initiatorType: "fetch",
      startTime: 2_520,
      responseEnd: 2_730,
      duration: 210,
      transferSize: 4000,
    });
    await navigateInApp("/sh/lst/active", "sellerHubListings", {
      clickAt: 2_500,
      routerStartsAt: 2_510,
      shownAt: 2_800,
      paintedAt: 2_900,
    });
    const [fullLoad] = await sentBeacons();
    expect(fullLoad?.resources.map((resource) => resource.name)).toEqual(["/assets/root.js"]);
  });

  it("times data requests after 300 resources have filled the browser's buffer, as a tab open for an hour has", async () => {
    // The buffer holds the first 300 and records no more; an observer still sees every new one.
    resources = Array.from({ length: 300 }, (_, index) => ({
      name: `${location.origin}/sh/lst/${index}.data`,
      initiatorType: "fetch",
      startTime: index,
      responseEnd: index + 1,
      duration: 1,
      transferSize: 100,
    }));
    now = 500_000;
    observeResources([
      {
        name: `${location.origin}/sh/perf.data`,
        initiatorType: "fetch",
        startTime: 500_020,
        responseEnd: 500_190,
        duration: 170,
        transferSize: 900,
      },
    ]);
    await navigateInApp("/sh/perf", "sellerHubSiteSpeed", {
      clickAt: 500_000,
      routerStartsAt: 500_010,
      shownAt: 500_200,
      paintedAt: 500_250,
    });
    hidePage();
    expect((await sentBeacons())[1]?.inAppNavigation).toEqual({ duration: 250, dataRequest: 170 });
  });

  it("times the page's own data request, not the prefetch of its address that the link began on intent as it was clicked", async () => {
    const serverTiming = [
      { name: "db", duration: 38 },
      { name: "loaders", duration: 129 },
      { name: "total", duration: 134 },
    ];
    observeResources([
      {
        name: `${location.origin}/sh/perf.data`,
        initiatorType: "fetch",
        startTime: 2_520,
        responseEnd: 2_690,
        duration: 170,
        transferSize: 900,
        serverTiming,
      },
      // Seen in CI: the hover's prefetch began 90 ms after the router's fetch, and was still running
      // (its timing holds no server time) when the page was shown from the fetch.
      {
        name: `${location.origin}/sh/perf.data`,
        initiatorType: "link",
        startTime: 2_610,
        responseEnd: 3_090,
        duration: 480,
        transferSize: 0,
      },
    ]);
    await navigateInApp("/sh/perf", "sellerHubSiteSpeed", {
      clickAt: 2_500,
      routerStartsAt: 2_510,
      shownAt: 2_700,
      paintedAt: 2_750,
    });
    hidePage();
    expect((await sentBeacons())[1]?.inAppNavigation).toEqual({
      duration: 250,
      dataRequest: 170,
      server: { db: 38, loaders: 129, total: 134 },
    });
  });

  it("makes each in-app navigation a page view of its own, timed from the click to the new page painted, with its data request", async () => {
    const dataRequest = {
      name: `${location.origin}/sh/lst/active.data`,
      initiatorType: "fetch",
      startTime: 2_520,
      responseEnd: 2_730,
      duration: 210,
      transferSize: 4000,
    };
    resources.push(dataRequest);
    observeResources([dataRequest]);
    await navigateInApp("/sh/lst/active", "sellerHubListings", {
      clickAt: 2_500,
      routerStartsAt: 2_510,
      shownAt: 2_800,
      paintedAt: 2_900,
    });

    const [left] = await sentBeacons();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(left).toMatchObject({ pageName: "sellerHubOverview", kind: "full-load" });

    hidePage();
    const [, listings] = await sentBeacons();
    expect(listings).toMatchObject({
      pageName: "sellerHubListings",
      kind: "in-app",
      // Left at 2,900 ms, its click at 2,500: the collector dates the page view from then.
      ageMs: 400,
      inAppNavigation: { duration: 400, dataRequest: 210 },
      resources: [],
    });
    expect(listings?.navigation).toBeUndefined();
    expect(listings?.pageView).not.toBe(left?.pageView);
  });

  it("times a navigation nobody clicked for from when the router started it", async () => {
    await navigateInApp("/sh/perf", "sellerHubSiteSpeed", {
      clickAt: 100,
      routerStartsAt: 5_000,
      shownAt: 5_300,
      paintedAt: 5_350,
    });
    hidePage();
    expect((await sentBeacons())[1]?.inAppNavigation).toEqual({ duration: 350 });
  });

  it("measures pages where the browser has no PerformanceObserver (Firefox can switch it off), timing no navigation's data", async () => {
    pageViews.stop();
    vi.stubGlobal("PerformanceObserver", undefined);
    pageViews = startSiteSpeedBeacon();
    resources.push({
      name: `${location.origin}/sh/perf.data`,
      initiatorType: "fetch",
      startTime: 2_020,
      responseEnd: 2_190,
      duration: 170,
      transferSize: 900,
    });
    await navigateInApp("/sh/perf", "sellerHubSiteSpeed", {
      clickAt: 2_000,
      routerStartsAt: 2_010,
      shownAt: 2_200,
      paintedAt: 2_250,
    });
    hidePage();
    const [overview, siteSpeed] = await sentBeacons();
    expect(overview?.pageName).toBe("sellerHubOverview");
    expect(siteSpeed?.pageName).toBe("sellerHubSiteSpeed");
    expect(siteSpeed?.inAppNavigation).toEqual({ duration: 250 });
  });

  it("starts a page view with no navigation time for a page drawn where no navigation started (a form's refusal in place)", async () => {
    now = 2_000;
    dispatchEvent(new MouseEvent("click"));
    now = 2_400;
    document.documentElement.dataset.pageName = "sellerHubNotAllowed";
    pageViews.pageShown();
    now = 2_420;
    await vi.advanceTimersByTimeAsync(50);
    hidePage();
    const [refused, shown] = await sentBeacons();
    expect(refused?.pageName).toBe("sellerHubOverview");
    expect(shown).toMatchObject({ pageName: "sellerHubNotAllowed", kind: "in-app" });
    expect(shown?.pageView).not.toBe(refused?.pageView);
    expect(shown?.inAppNavigation).toBeUndefined();
  });

  it("gives each page view the web vitals measured at its address, never a soft navigation's TTFB", async () => {
    await loadWebVitals();
    await navigateInApp("/sh/lst/active", "sellerHubListings", {
      clickAt: 2_500,
      routerStartsAt: 2_510,
      shownAt: 2_800,
      paintedAt: 2_900,
    });
    const navigationURL = `${location.origin}/sh/lst/active`;
    reporters.get("LCP")?.({
      name: "LCP",
      value: 520,
      navigationURL,
      navigationType: "soft-navigation",
      attribution: { target: "table.listings-table" },
    });
    reporters.get("TTFB")?.({
      name: "TTFB",
      value: 0,
      navigationURL,
      navigationType: "soft-navigation",
      attribution: {},
    });
    hidePage();
    const [overview, listings] = await sentBeacons();
    expect(overview?.vitals).toEqual({ LCP: 1480, INP: 96, CLS: 0.0123, FCP: 901, TTFB: 120 });
    expect(listings?.vitals).toEqual({ LCP: 520 });
    expect(listings?.attribution).toEqual({ lcpElement: "table.listings-table" });
  });

  it("delivers the page view's tracking events, folded per action, with the page they were tagged with", async () => {
    recordTracking({ eventAction: "bulkPriceTry" });
    recordTracking({ eventAction: "bulkPriceTry" });
    await navigateInApp("/sh/lst/active", "sellerHubListings", {
      clickAt: 2_500,
      routerStartsAt: 2_510,
      shownAt: 2_800,
      paintedAt: 2_900,
    });
    recordTracking({ eventAction: "openProductInsights", epid: "1200876543" });
    hidePage();
    const [overview, listings] = await sentBeacons();
    expect(overview?.tracking).toEqual([{ action: "bulkPriceTry", pageName: "sellerHubOverview", count: 2 }]);
    expect(listings?.tracking).toEqual([{ action: "openProductInsights", pageName: "sellerHubListings", count: 1 }]);
  });

  it("ties beacons together with a speed-session cookie kept for 730 days", async () => {
    const written = vi.spyOn(document, "cookie", "set");
    hidePage();
    showPageAgain();
    hidePage();
    const [first, second] = await sentBeacons();
    expect(first?.speedSession).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.speedSession).toBe(first?.speedSession);
    const cookie =
      written.mock.calls.map(([value]) => value).find((value) => value.startsWith(`${SPEED_SESSION_COOKIE}=`)) ?? "";
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)?.[1] ?? "");
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(730);
  });

  it("falls back to a keepalive fetch when sendBeacon refuses", () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal("fetch", fetch);
    sendBeacon.mockReturnValueOnce(false);
    hidePage();
    expect(fetch).toHaveBeenCalledWith("/sh/beacon", expect.objectContaining({ method: "POST", keepalive: true }));
  });
});
