import { describe, expect, it } from "vitest";
import {
  buildSpeedBeacon,
  describeDevice,
  describeErrorEvent,
  describeRejection,
  foldScriptError,
  foldTrackedAction,
  isWithinResendWindow,
  serializeBeacon,
  serverTimingOf,
  shortSelector,
  shortUrl,
  trackedActionOf,
  type PageMeasurements,
} from "./beacon-payload";
import { MAX_BEACON_BYTES, MAX_COUNT_PER_PAGE_VIEW, MAX_SCRIPT_ERROR_KINDS, MAX_TRACKED_ACTIONS } from "./beacon-rules";
import { speedBeaconSchema, type ScriptError, type TrackedAction } from "./beacon-schema";

const ORIGIN = "https://hub.example";

function resource(index: number, overrides: Partial<PerformanceResourceTiming> = {}): PerformanceResourceTiming {
  return {
    name: `${ORIGIN}/assets/chunk-${index}.js?v=1`,
    initiatorType: "script",
    startTime: 10.4 + index,
    duration: 20.6,
    transferSize: 1200,
    ...overrides,
  } as PerformanceResourceTiming;
}

const navigation = {
  type: "navigate",
  transferSize: 5120,
  domainLookupStart: 1.2,
  connectStart: 2.4,
  requestStart: 5.5,
  responseStart: 80.2,
  responseEnd: 95.9,
  domInteractive: 210.1,
  domContentLoadedEventEnd: 230.7,
  loadEventEnd: 0,
} as PerformanceNavigationTiming;

function measurements(overrides: Partial<PageMeasurements> = {}): PageMeasurements {
  return {
    pageName: "sellerHubOverview",
    kind: "full-load",
    speedSession: "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6",
    pageView: "f6e5d4c3b2a1f6e5d4c3b2a1f6e5d4c3",
    release: "460d5540",
    msSinceLoad: 4321.7,
    msSinceBegan: 4321.7,
    origin: ORIGIN,
    navigation,
    inAppNavigation: undefined,
    resources: [resource(1)],
    device: { viewportWidth: 1280 },
    attribution: {},
    vitals: { LCP: 1234.56, CLS: 0.123456, TTFB: 80.2 },
    errors: [],
    tracking: [],
    ...overrides,
  };
}

describe("the resend window", () => {
  it("sends until 1,200,000 ms after load and never after", () => {
    expect(isWithinResendWindow(0)).toBe(true);
    expect(isWithinResendWindow(1_199_999)).toBe(true);
    expect(isWithinResendWindow(1_200_000)).toBe(false);
    expect(isWithinResendWindow(3_600_000)).toBe(false);
  });
});

describe("script errors", () => {
  const occurrence = {
    message: "Uncaught TypeError: x is undefined",
    source: "/assets/root.js",
    line: 3,
    column: 14,
    pageName: "sellerHubOverview",
  };

  it("folds repeats of the same error into one entry with a count", () => {
    const errors: ScriptError[] = [];
    foldScriptError(errors, occurrence);
    foldScriptError(errors, { ...occurrence });
    foldScriptError(errors, { ...occurrence, line: 4 });
    foldScriptError(errors, occurrence);
    expect(errors).toEqual([
      { ...occurrence, count: 3 },
      { ...occurrence, line: 4, count: 1 },
    ]);
  });

  it("tells the same error on another page apart", () => {
    const errors: ScriptError[] = [];
    foldScriptError(errors, occurrence);
    foldScriptError(errors, { ...occurrence, pageName: "sellerHubSiteSpeed" });
    expect(errors.map((error) => error.count)).toEqual([1, 1]);
  });

  it("keeps counting known errors but stops adding new kinds at the limit", () => {
    const errors: ScriptError[] = [];
    for (let line = 1; line <= MAX_SCRIPT_ERROR_KINDS + 5; line++) foldScriptError(errors, { ...occurrence, line });
    foldScriptError(errors, { ...occurrence, line: 1 });
    expect(errors).toHaveLength(MAX_SCRIPT_ERROR_KINDS);
    expect(errors[0]?.count).toBe(2);
  });

  it("stops counting at what the collector takes from one page view, so an error in a loop never loses the beacon", () => {
    const errors: ScriptError[] = [{ ...occurrence, count: MAX_COUNT_PER_PAGE_VIEW - 1 }];
    foldScriptError(errors, occurrence);
    foldScriptError(errors, occurrence);
    expect(errors[0]?.count).toBe(MAX_COUNT_PER_PAGE_VIEW);
    const tracked: TrackedAction[] = [{ action: "a", pageName: "sellerHubOverview", count: MAX_COUNT_PER_PAGE_VIEW }];
    foldTrackedAction(tracked, "a", "sellerHubOverview");
    expect(tracked[0]?.count).toBe(MAX_COUNT_PER_PAGE_VIEW);
  });

  it("describes an error event with its message, source, line and column", () => {
    const event = {
      message: "Uncaught Error: boom",
      error: new Error("boom"),
      filename: `${ORIGIN}/assets/shell.js?x=1`,
      lineno: 12,
      colno: 7,
    };
    expect(describeErrorEvent(event, "sellerHubOverview", ORIGIN)).toEqual({
      message: "Uncaught Error: boom",
      source: "/assets/shell.js",
      line: 12,
      column: 7,
      pageName: "sellerHubOverview",
    });
  });

  it("describes an unhandled rejection by its reason", () => {
    expect(describeRejection(new TypeError("Failed to fetch"), "sellerHubOverview").message).toBe(
      "Unhandled rejection: TypeError: Failed to fetch",
    );
    expect(describeRejection("no listing", "sellerHubOverview")).toEqual({
      message: "Unhandled rejection: no listing",
      source: "",
      line: 0,
      column: 0,
      pageName: "sellerHubOverview",
    });
  });

  it("cuts very long messages", () => {
    expect(describeRejection("x".repeat(5000), "sellerHubOverview").message).toHaveLength(300);
  });
});

describe("tracking events", () => {
  it("are named by their eventAction, and folded per action and page with a count", () => {
    const tracked: TrackedAction[] = [];
    foldTrackedAction(tracked, trackedActionOf({ eventAction: "bulkPriceTry", pageName: "x" }), "sellerHubOverview");
    foldTrackedAction(tracked, trackedActionOf({ eventAction: "bulkPriceTry" }), "sellerHubOverview");
    foldTrackedAction(tracked, trackedActionOf({ eventAction: "bulkPriceTry" }), "sellerHubListings");
    foldTrackedAction(tracked, trackedActionOf({ epid: 5 }), "sellerHubListings");
    expect(tracked).toEqual([
      { action: "bulkPriceTry", pageName: "sellerHubOverview", count: 2 },
      { action: "bulkPriceTry", pageName: "sellerHubListings", count: 1 },
      { action: "unnamed", pageName: "sellerHubListings", count: 1 },
    ]);
  });

  it(`keep counting known actions but stop adding new ones at ${MAX_TRACKED_ACTIONS}`, () => {
    const tracked: TrackedAction[] = [];
    for (let index = 0; index <= MAX_TRACKED_ACTIONS; index++)
      foldTrackedAction(tracked, `action${index}`, "sellerHubOverview");
    foldTrackedAction(tracked, "action0", "sellerHubOverview");
    expect(tracked).toHaveLength(MAX_TRACKED_ACTIONS);
    expect(tracked[0]?.count).toBe(2);
  });
});

describe("the segment and what to fix", () => {
  it("keep the viewport's width and only the connection types the schema knows", () => {
    expect(describeDevice(390.4, "4g")).toEqual({ viewportWidth: 390, connection: "4g" });
    expect(describeDevice(1280, "wifi")).toEqual({ viewportWidth: 1280 });
    expect(describeDevice(1280, undefined)).toEqual({ viewportWidth: 1280 });
  });

  it("cut selectors to 100 characters", () => {
    expect(shortSelector(`main>${"div>".repeat(40)}img`)).toHaveLength(100);
    expect(shortSelector("main>h1")).toBe("main>h1");
    expect(shortSelector(undefined)).toBeUndefined();
  });
});

describe("resource names", () => {
  it("keeps the path of the hub's own resources and the origin of others, never a query", () => {
    expect(shortUrl(`${ORIGIN}/sh/lst/active.data?search=red+shoes`, ORIGIN)).toBe("/sh/lst/active.data");
    expect(shortUrl("https://cdn.example/img/a.png#x", ORIGIN)).toBe("https://cdn.example/img/a.png");
    expect(shortUrl("data:image/png;base64,AAAA", ORIGIN)).toBe("data:");
    expect(shortUrl("", ORIGIN)).toBe("");
  });
});

describe("buildSpeedBeacon", () => {
  it("builds a beacon the collector's schema accepts, numbers rounded", () => {
    const beacon = buildSpeedBeacon(measurements());
    expect(speedBeaconSchema.parse(beacon)).toEqual(beacon);
    expect(beacon).toMatchObject({
      pageName: "sellerHubOverview",
      release: "460d5540",
      sentAfterMs: 4322,
      ageMs: 4322,
      navigation: { type: "navigate", responseStart: 80, domInteractive: 210, loadEventEnd: 0, transferSize: 5120 },
      vitals: { LCP: 1235, CLS: 0.1235, TTFB: 80 },
      resources: [{ name: "/assets/chunk-1.js", type: "script", start: 11, duration: 21, size: 1200 }],
    });
  });

  it("tells the build the page was loaded from, where it knows it (not in the product summary's frame)", () => {
    expect(buildSpeedBeacon(measurements()).release).toBe("460d5540");
    const framed = buildSpeedBeacon(measurements({ release: undefined }));
    expect(JSON.parse(JSON.stringify(framed))).not.toHaveProperty("release");
    expect(speedBeaconSchema.parse(framed)).toEqual(framed);
    // A release of another shape (a new React Router's version) is dropped, and the beacon kept.
    for (const release of ["../../etc", "x".repeat(65), 460]) {
      const parsed = speedBeaconSchema.safeParse({ ...framed, release });
      expect(parsed.success).toBe(true);
      expect(parsed.data?.release).toBeUndefined();
    }
  });

  it("carries where the document's server time went, by the hub's own part names, in whole milliseconds", () => {
    const serverTiming = [
      { name: "db", duration: 12.34, description: "Database, 4 queries" },
      { name: "loaders", duration: 20.5, description: "Loaders" },
      { name: "render", duration: 7.49, description: "Render" },
      { name: "total", duration: 31.2, description: "Server" },
      // A proxy's or a CDN's own metric, and figures no server time can be, are left out.
      { name: "cdn-cache", duration: 1, description: "HIT" },
      { name: "db", duration: Number.POSITIVE_INFINITY, description: "" },
    ] as PerformanceServerTiming[];
    const beacon = buildSpeedBeacon(
      measurements({ navigation: { ...navigation, serverTiming } as PerformanceNavigationTiming }),
    );
    expect(beacon.navigation?.server).toEqual({ db: 12, loaders: 21, render: 7, total: 31 });
    expect(speedBeaconSchema.parse(beacon)).toEqual(beacon);
    // A response with no Server-Timing the hub knows (an older server) tells nothing.
    expect(
      serverTimingOf({ serverTiming: [serverTiming[4]!] } as unknown as PerformanceResourceTiming),
    ).toBeUndefined();
    expect(serverTimingOf({} as PerformanceResourceTiming)).toBeUndefined();
    expect(buildSpeedBeacon(measurements()).navigation).not.toHaveProperty("server");
  });

  it("carries what the LCP and the INP were made of, and the script behind the INP, as the collector takes them", () => {
    const beacon = buildSpeedBeacon(
      measurements({
        attribution: {
          lcpElement: "main>h1",
          lcpParts: { ttfb: 80, loadDelay: 0, loadTime: 340, renderDelay: 1251 },
          inpTarget: "button#apply",
          inpPhases: { inputDelay: 4, processing: 180, presentation: 20 },
          inpScript: "/assets/listings-B1x9.js applyFilters",
        },
      }),
    );
    expect(speedBeaconSchema.parse(beacon)).toEqual(beacon);
  });

  it("caps resource timings at 300", () => {
    const resources = Array.from({ length: 450 }, (_, index) => resource(index));
    const beacon = buildSpeedBeacon(measurements({ resources }));
    expect(beacon.resources).toHaveLength(300);
    expect(beacon.resources[299]?.name).toBe("/assets/chunk-299.js");
  });

  it("leaves out the beacon's own earlier sends", () => {
    const beacon = buildSpeedBeacon(
      measurements({ resources: [resource(1), resource(2, { name: `${ORIGIN}/sh/beacon`, initiatorType: "beacon" })] }),
    );
    expect(beacon.resources.map((entry) => entry.name)).toEqual(["/assets/chunk-1.js"]);
  });

  it("copies the errors, so later ones do not change a beacon already built", () => {
    const errors: ScriptError[] = [];
    foldScriptError(errors, describeRejection("first", "sellerHubOverview"));
    const beacon = buildSpeedBeacon(measurements({ errors }));
    foldScriptError(errors, describeRejection("first", "sellerHubOverview"));
    expect(beacon.errors[0]?.count).toBe(1);
  });

  it("works before the navigation entry or any vital is known", () => {
    const beacon = buildSpeedBeacon(measurements({ navigation: undefined, vitals: {}, resources: [] }));
    expect(speedBeaconSchema.safeParse(beacon).success).toBe(true);
  });
});

describe("an in-app navigation's beacon", () => {
  it("carries its kind, its own timing, its segment, what to fix and its tracking, and no load timings", () => {
    const beacon = buildSpeedBeacon(
      measurements({
        pageName: "sellerHubListings",
        kind: "in-app",
        navigation: undefined,
        resources: [],
        inAppNavigation: { duration: 640, dataRequest: 210 },
        device: { viewportWidth: 390, connection: "3g" },
        attribution: { lcpElement: "main>table", inpTarget: "a.pagination__link" },
        tracking: [{ action: "bulkPriceTry", pageName: "sellerHubListings", count: 1 }],
      }),
    );
    expect(speedBeaconSchema.parse(beacon)).toEqual(beacon);
    expect(beacon).toMatchObject({
      kind: "in-app",
      inAppNavigation: { duration: 640, dataRequest: 210 },
      device: { viewportWidth: 390, connection: "3g" },
    });
    expect(beacon.navigation).toBeUndefined();
  });
});

describe("serializeBeacon", () => {
  it("sends small beacons whole", () => {
    const beacon = buildSpeedBeacon(measurements());
    expect(JSON.parse(serializeBeacon(beacon))).toEqual(beacon);
  });

  it("drops resource timings until the body fits the collector's 64 kB", () => {
    const longName = `${ORIGIN}/assets/${"a".repeat(180)}.js`;
    const resources = Array.from({ length: 300 }, (_, index) => resource(index, { name: `${longName}${index}` }));
    const body = serializeBeacon(buildSpeedBeacon(measurements({ resources })));
    expect(new TextEncoder().encode(body).byteLength).toBeLessThanOrEqual(MAX_BEACON_BYTES);
    const sent = JSON.parse(body);
    expect(sent.resources.length).toBeGreaterThan(100);
    expect(sent.resources.length).toBeLessThan(300);
    expect(sent.pageName).toBe("sellerHubOverview");
  });
});
