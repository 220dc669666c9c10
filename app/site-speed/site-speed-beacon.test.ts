// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SPEED_SESSION_COOKIE } from "./beacon-rules";
import type { SpeedBeacon } from "./beacon-schema";
import { MEASURING_WEB_VITALS_MARK, startSiteSpeedBeacon } from "./site-speed-beacon";

vi.mock("web-vitals", () => {
  const reports = (name: string, value: number) => (report: (metric: { name: string; value: number }) => void) => report({ name, value });
  return { onLCP: reports("LCP", 1480.3), onINP: reports("INP", 96), onCLS: reports("CLS", 0.01234), onFCP: reports("FCP", 900.6), onTTFB: reports("TTFB", 120.2) };
});

let visibility: DocumentVisibilityState = "visible";
let now = 2_000;
let stop: () => void;
const sendBeacon = vi.fn<(url: string, body: Blob) => boolean>(() => true);

function hidePage() {
  visibility = "hidden";
  document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  visibility = "visible";
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
  Object.assign(performance, {
    setResourceTimingBufferSize: vi.fn<(size: number) => void>(),
    getEntriesByType: vi.fn<(type: string) => object[]>((type) =>
      type === "resource" ? [{ name: `${location.origin}/assets/root.js`, initiatorType: "script", startTime: 40, duration: 12, transferSize: 900 }] : [],
    ),
  });
  vi.spyOn(performance, "now").mockImplementation(() => now);
  vi.spyOn(performance, "mark");
  now = 2_000;
  sendBeacon.mockClear();
  stop = startSiteSpeedBeacon();
});

afterEach(() => {
  stop();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the site-speed beacon in the browser", () => {
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
    expect(beacon).toMatchObject({ pageName: "sellerHubOverview", sentAfterMs: 2000, resources: [{ name: "/assets/root.js", size: 900 }], errors: [] });
  });

  it("loads web-vitals only once the page has loaded and the browser is idle, then reports its values", async () => {
    hidePage();
    expect((await sentBeacons())[0]?.vitals).toEqual({});
    await vi.runAllTimersAsync();
    expect(performance.mark).toHaveBeenCalledWith(MEASURING_WEB_VITALS_MARK);
    hidePage();
    expect((await sentBeacons())[1]?.vitals).toEqual({ LCP: 1480, INP: 96, CLS: 0.0123, FCP: 901, TTFB: 120 });
  });

  it("folds repeated script errors and unhandled rejections into the next beacon, with the page shown", async () => {
    const error = () => new ErrorEvent("error", { message: "Uncaught Error: boom", filename: `${location.origin}/assets/shell.js`, lineno: 3, colno: 9 });
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
      { message: "Uncaught Error: boom", source: "/assets/shell.js", line: 3, column: 9, count: 2, pageName: "sellerHubOverview" },
      { message: "Unhandled rejection: TypeError: Failed to fetch", source: "", line: 0, column: 0, count: 1, pageName: "sellerHubSiteSpeed" },
    ]);
  });

  it("resends the same page view on every hide, and nothing once 1,200,000 ms have passed", async () => {
    hidePage();
    now = 1_199_999;
    hidePage();
    now = 1_200_000;
    hidePage();
    const beacons = await sentBeacons();
    expect(beacons).toHaveLength(2);
    expect(beacons[1]?.pageView).toBe(beacons[0]?.pageView);
  });

  it("ties beacons together with a speed-session cookie kept for 730 days", async () => {
    const written = vi.spyOn(document, "cookie", "set");
    hidePage();
    hidePage();
    const [first, second] = await sentBeacons();
    expect(first?.speedSession).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.speedSession).toBe(first?.speedSession);
    const cookie = written.mock.calls.map(([value]) => value).find((value) => value.startsWith(`${SPEED_SESSION_COOKIE}=`)) ?? "";
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
