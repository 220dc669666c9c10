import { describe, expect, it } from "vitest";
import { sampleBeacon, sampleInAppBeacon } from "../../test/speed-beacons";
import { speedBeaconSchema } from "./beacon-schema";

const resource = { name: "/assets/root.js", type: "script", start: 1, duration: 2, size: 3 };
const error = {
  message: "Uncaught Error: boom",
  source: "/assets/root.js",
  line: 1,
  column: 2,
  count: 1,
  pageName: "sellerHubOverview",
};

describe("the beacon schema", () => {
  it("accepts what the browser sends", () => {
    const beacon = sampleBeacon({ errors: [error] });
    expect(speedBeaconSchema.parse(beacon)).toEqual(beacon);
  });

  it("accepts an in-app navigation's page view with its segment, what to fix and its tracking", () => {
    const beacon = sampleInAppBeacon({
      device: { viewportWidth: 390, connection: "4g" },
      attribution: { lcpElement: "main>h1", inpTarget: "a.top-navigation__link" },
      tracking: [{ action: "bulkPriceTry", count: 2, pageName: "sellerHubOverview" }],
    });
    expect(speedBeaconSchema.parse(beacon)).toEqual(beacon);
  });

  it("reads a beacon stored before page views had kinds as a full load without tracking", () => {
    const { kind: _kind, tracking: _tracking, ...stored } = sampleBeacon();
    expect(speedBeaconSchema.parse(stored)).toMatchObject({ kind: "full-load", tracking: [] });
  });

  it("accepts a page view left in a tab that has been open for more than a day", () => {
    expect(speedBeaconSchema.safeParse(sampleInAppBeacon({ sentAfterMs: 30 * 86_400_000 })).success).toBe(true);
  });

  it("accepts a beacon sent before anything but the page was measured", () => {
    const { navigation: _navigation, ...beacon } = sampleBeacon({ vitals: {}, resources: [] });
    expect(speedBeaconSchema.safeParse(beacon).success).toBe(true);
  });

  it("drops fields it does not know, so they are never stored", () => {
    const parsed = speedBeaconSchema.parse({ ...sampleBeacon(), cookies: "sh_session=…", vitals: { LCP: 1, FID: 3 } });
    expect(parsed).not.toHaveProperty("cookies");
    expect(parsed.vitals).toEqual({ LCP: 1 });
  });

  it.each([
    ["more than 300 resource timings", { resources: Array.from({ length: 301 }, () => resource) }, "resources"],
    [
      "more than 20 kinds of script error",
      { errors: Array.from({ length: 21 }, (_, line) => ({ ...error, line })) },
      "errors",
    ],
    ["a page name that is not a name", { pageName: "<img src=x>" }, "pageName"],
    ["a speed session that is not a random id", { speedSession: "1 or 1=1" }, "speedSession"],
    ["a negative time", { vitals: { LCP: -5 } }, "vitals.LCP"],
    ["a time longer than a day", { vitals: { LCP: 90_000_000 } }, "vitals.LCP"],
    ["a tab open longer than a session lasts", { sentAfterMs: 32 * 86_400_000 }, "sentAfterMs"],
    // Timings are sent within 1,200,000 ms of the page view's start, or not at all.
    ["a page view older than its timings can be", { ageMs: 1_200_001 }, "ageMs"],
    ["a page view begun in the future", { ageMs: -1 }, "ageMs"],
    ["a layout shift beyond any page's", { vitals: { CLS: 1000 } }, "vitals.CLS"],
    [
      "an unknown navigation type",
      { navigation: { ...sampleBeacon().navigation, type: "teleport" } },
      "navigation.type",
    ],
    [
      "an error message longer than 300 characters",
      { errors: [{ ...error, message: "x".repeat(301) }] },
      "errors.0.message",
    ],
    ["an error counted zero times", { errors: [{ ...error, count: 0 }] }, "errors.0.count"],
    // 2^31 overflowed PostgreSQL's integer column; two of 2^53 - 1 overflowed the dashboard's sums.
    ["an error counted more often than a page view can", { errors: [{ ...error, count: 100_001 }] }, "errors.0.count"],
    [
      "an action counted more often than a page view can",
      { tracking: [{ action: "a", count: 2 ** 31, pageName: "sellerHubOverview" }] },
      "tracking.0.count",
    ],
    ["an unknown kind of page view", { kind: "teleport" }, "kind"],
    [
      "an in-app navigation longer than a day",
      { inAppNavigation: { duration: 90_000_000 } },
      "inAppNavigation.duration",
    ],
    ["an unknown connection type", { device: { viewportWidth: 390, connection: "6g" } }, "device.connection"],
    [
      "a selector longer than 100 characters",
      { attribution: { lcpElement: "x".repeat(101) } },
      "attribution.lcpElement",
    ],
    [
      "more than 20 tracked actions",
      {
        tracking: Array.from({ length: 21 }, (_, count) => ({
          action: "a",
          count: count + 1,
          pageName: "sellerHubOverview",
        })),
      },
      "tracking",
    ],
    [
      "a tracked action counted zero times",
      { tracking: [{ action: "a", count: 0, pageName: "sellerHubOverview" }] },
      "tracking.0.count",
    ],
    [
      "a resource with a query string's worth of name",
      { resources: [{ ...resource, name: "x".repeat(201) }] },
      "resources.0.name",
    ],
  ])("refuses %s", (_, overrides, path) => {
    const result = speedBeaconSchema.safeParse({ ...sampleBeacon(), ...overrides });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(path);
  });

  it("refuses a body that is not a beacon at all", () => {
    expect(speedBeaconSchema.safeParse([1, 2, 3]).success).toBe(false);
    expect(speedBeaconSchema.safeParse(null).success).toBe(false);
  });
});
