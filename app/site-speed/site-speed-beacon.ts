/**
 * The site-speed beacon of every page view: a full load, each in-app
 * (client-side) navigation, and a return to a tab the seller had hidden are page views of their
 * own, named after the page they show. Each is sent once, when the seller leaves it (the next
 * page view begins, or the tab is hidden), with its timings, web vitals, script errors and
 * tracking events. It must never slow or break the page it measures: at start it only adds
 * listeners; web-vitals loads as its own chunk once the page has loaded and the browser is idle;
 * sending is one sendBeacon call.
 */
import { shownPageName } from "~/shell/page-name";
import { TRACKING_EVENT, type TrackingEvent } from "~/tracking/tracking";
import type { Attribution, InAppNavigation, PageViewKind, ScriptError, TrackedAction } from "./beacon-schema";
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
  trackedActionOf,
} from "./beacon-payload";
import { BEACON_PATH, MAX_RESOURCE_TIMINGS } from "./beacon-rules";
import type { MeasuredVital } from "./measure-web-vitals";
import { randomId, speedSession } from "./speed-session";
import type { VitalName } from "./vitals";

/** Marked once web-vitals is measuring; the end-to-end tests wait for it before leaving a page. */
export const MEASURING_WEB_VITALS_MARK = "seller-hub:measuring-web-vitals";

/**
 * A click or key press this long before a navigation starts is what started it: the navigation
 * is timed from the seller's action, not from when the router got round to it.
 */
const INTERACTION_STARTS_NAVIGATION_MS = 1000;

/** Page views web-vitals may still report for: the shown one and those just left. */
const RECENT_PAGE_VIEWS = 4;

interface PageView {
  id: string;
  pageName: string;
  kind: PageViewKind;
  /** The address it was shown at, as web-vitals names the navigation it measured. */
  url: string;
  /** performance.now() when it began: 0 for the full load, the click for an in-app navigation. */
  startedAt: number;
  /** When the next page view began: the full load's resources are those that started before. */
  endedAt: number;
  inAppNavigation: InAppNavigation | undefined;
  vitals: Partial<Record<VitalName, number>>;
  attribution: Attribution;
  errors: ScriptError[];
  tracking: TrackedAction[];
  sent: boolean;
}

/** What the root route tells the beacon about client-side navigations (use-page-views.ts). */
export interface PageViews {
  /** The router began a navigation. */
  navigationStarted(): void;
  /** The router settled without (or after) showing a new page. */
  navigationSettled(): void;
  /**
   * Another page is shown (a new location, or a refusal drawn in place of the page): a page view
   * begins, timed from the navigation's start when there was one.
   */
  pageShown(): void;
  /** Stops measuring; for tests. */
  stop(): void;
}

/**
 * Starts measuring. Call it once, as early as the hub's code runs: script errors count from
 * then on.
 */
export function startSiteSpeedBeacon(): PageViews {
  const recent: PageView[] = [];
  let current = begin("full-load", 0);
  let navigationStart: number | undefined;
  let lastInteraction = Number.NEGATIVE_INFINITY;

  function begin(kind: PageViewKind, startedAt: number): PageView {
    const view: PageView = {
      id: randomId(),
      pageName: shownPageName(),
      kind,
      url: location.href,
      startedAt,
      endedAt: Number.POSITIVE_INFINITY,
      inAppNavigation: undefined,
      vitals: {},
      attribution: {},
      errors: [],
      tracking: [],
      sent: false,
    };
    recent.push(view);
    if (recent.length > RECENT_PAGE_VIEWS) recent.shift();
    return view;
  }

  /**
   * Sends the page view's beacon, once. One that began 1,200,000 ms or more ago (the beacon's
   * resend window) sends no timings, which would describe a page long gone, but still its script
   * errors and tracking, if it has any: a tab left open an hour fails and is used like any other.
   */
  function leave(view: PageView): void {
    if (view.sent) return;
    view.sent = true;
    const now = performance.now();
    const timed = isWithinResendWindow(now - view.startedAt);
    if (!timed && view.errors.length === 0 && view.tracking.length === 0) return;
    const fullLoad = timed && view.kind === "full-load";
    const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
    send(
      serializeBeacon(
        buildSpeedBeacon({
          pageName: view.pageName,
          kind: view.kind,
          speedSession: speedSession(),
          pageView: view.id,
          release: (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version,
          msSinceLoad: now,
          msSinceBegan: timed ? now - view.startedAt : undefined,
          origin: location.origin,
          navigation: fullLoad
            ? (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)
            : undefined,
          inAppNavigation: timed ? view.inAppNavigation : undefined,
          // Read when the view is left, which is after the next page painted: its requests are not the full load's.
          resources: fullLoad
            ? (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
                (entry) => entry.startTime < view.endedAt,
              )
            : [],
          device: describeDevice(innerWidth, connection?.effectiveType),
          attribution: timed ? view.attribution : {},
          vitals: timed ? view.vitals : {},
          errors: view.errors,
          tracking: view.tracking,
        }),
      ),
    );
  }

  /** A value from web-vitals goes to the unsent page view shown at the URL it measured. */
  function keepVital(vital: MeasuredVital): void {
    // A soft navigation's TTFB is always 0: an in-app page view has its data request instead.
    if (vital.soft && vital.name === "TTFB") return;
    const view =
      vital.navigationURL === undefined
        ? current
        : recent.findLast((candidate) => candidate.url === vital.navigationURL);
    if (!view || view.sent) return;
    view.vitals[vital.name] = vital.value;
    if (vital.name === "LCP") {
      view.attribution.lcpElement = shortSelector(vital.target);
      view.attribution.lcpParts = vital.parts;
    }
    if (vital.name === "INP") {
      view.attribution.inpTarget = shortSelector(vital.target);
      view.attribution.inpPhases = vital.parts;
      view.attribution.inpScript = vital.script;
    }
  }

  const onError = (event: Event) => {
    // Failed images and scripts fire plain Events at their element; only script errors are ErrorEvents.
    if (event instanceof ErrorEvent)
      foldScriptError(current.errors, describeErrorEvent(event, shownPageName(), location.origin));
  };
  const onRejection = (event: PromiseRejectionEvent) =>
    foldScriptError(current.errors, describeRejection(event.reason, shownPageName()));
  const onTracking = (event: Event) => {
    const tracked = (event as CustomEvent<TrackingEvent>).detail;
    foldTrackedAction(current.tracking, trackedActionOf(tracked), tracked.pageName);
  };
  const onInteraction = (event: Event) => {
    lastInteraction = event.timeStamp;
  };
  const leaveAll = () => {
    for (const view of recent) leave(view);
  };
  const onVisibilityChange = () => {
    if (document.visibilityState === "hidden") leaveAll();
    else if (current.sent) current = begin("resumed", performance.now());
  };

  addEventListener("error", onError);
  addEventListener("unhandledrejection", onRejection);
  addEventListener(TRACKING_EVENT, onTracking);
  for (const type of ["click", "keydown", "submit"])
    addEventListener(type, onInteraction, { capture: true, passive: true });
  // Bubbling, on window: runs after web-vitals' capturing listeners have reported their final values.
  addEventListener("visibilitychange", onVisibilityChange);
  // A frame removed from its page (the product summary, when the seller leaves a listing) is unloaded without being hidden.
  addEventListener("pagehide", leaveAll);
  performance.setResourceTimingBufferSize(MAX_RESOURCE_TIMINGS);
  const dataRequests = watchDataRequests();
  afterLoadWhenIdle(() => void startWebVitals(keepVital));

  return {
    navigationStarted() {
      if (navigationStart !== undefined) return;
      const now = performance.now();
      navigationStart = now - lastInteraction <= INTERACTION_STARTS_NAVIGATION_MS ? lastInteraction : now;
    },
    navigationSettled() {
      navigationStart = undefined;
    },
    pageShown() {
      const left = current;
      // Without a navigation (a form's refusal drawn in place: a fetcher's), there is nothing to
      // time: its request began before anything here knew, and a frame's length is not a page's.
      const navigated = navigationStart !== undefined;
      const startedAt = navigationStart ?? performance.now();
      navigationStart = undefined;
      left.endedAt = startedAt;
      const shown = begin("in-app", startedAt);
      current = shown;
      afterNextPaint(() => {
        const painted = performance.now();
        if (navigated)
          shown.inAppNavigation = {
            duration: Math.round(painted - startedAt),
            ...dataRequests.timeBetween(startedAt, painted),
          };
        // Left after the new page painted: web-vitals has reported the interaction that left it.
        leave(left);
      });
    },
    stop() {
      removeEventListener("error", onError);
      removeEventListener("unhandledrejection", onRejection);
      removeEventListener(TRACKING_EVENT, onTracking);
      for (const type of ["click", "keydown", "submit"]) removeEventListener(type, onInteraction, { capture: true });
      removeEventListener("visibilitychange", onVisibilityChange);
      removeEventListener("pagehide", leaveAll);
      dataRequests.stop();
    },
  };
}

/**
 * Loads web-vitals (its own chunk) and hands each report to `keep`. Should the chunk fail to
 * load, the rejection is left unhandled on purpose: the beacon reports it as a script error.
 */
async function startWebVitals(keep: (vital: MeasuredVital) => void): Promise<void> {
  const { measureWebVitals } = await import("./measure-web-vitals");
  measureWebVitals(keep);
  performance.mark(MEASURING_WEB_VITALS_MARK);
}

/** Data requests kept for timing in-app navigations: far more than one navigation makes. */
const RECENT_DATA_REQUESTS = 50;

/**
 * A request of the router's for a page's data: its `fetch`, whether the network or a prefetch
 * answered it. A prefetch itself (`<link rel="prefetch">`, begun on intent, decision 061) is not
 * the page's: one begun as the link was clicked ran on after the page was shown, with no server
 * time yet, and made the navigation's data look 570 ms slow where its fetch took 170 (seen in CI).
 */
const isDataRequest = (entry: PerformanceEntry) =>
  (entry as PerformanceResourceTiming).initiatorType !== "link" && new URL(entry.name).pathname.endsWith(".data");

/**
 * The hub's data requests as they finish (React Router fetches a route's loader data from the
 * address with ".data" appended), the newest few. From an observer: the browser's resource buffer
 * keeps the first 300 entries for the full load and records none after, so in a tab open an hour
 * the buffer alone had no data request for any later page view.
 */
function watchDataRequests(): {
  timeBetween(startedAt: number, until: number): Pick<InAppNavigation, "dataRequest" | "server">;
  stop(): void;
} {
  const seen: PerformanceResourceTiming[] = [];
  const keep = (entries: PerformanceEntryList) => {
    for (const entry of entries) if (isDataRequest(entry)) seen.push(entry as PerformanceResourceTiming);
    seen.splice(0, Math.max(0, seen.length - RECENT_DATA_REQUESTS));
  };
  // Every browser the hub supports has it (app/shell/unsupported-browser.ts), but Firefox can
  // switch it off (dom.enable_performance_observer): there, no navigation's data is timed, and
  // the page goes on (this runs as the root module loads).
  const observer =
    typeof PerformanceObserver === "function" ? new PerformanceObserver((list) => keep(list.getEntries())) : undefined;
  observer?.observe({ type: "resource", buffered: true });
  return {
    /**
     * How long the new page's data took, from the first such request's start to the last one's
     * end, and the slowest one's time on the server; nothing when it made none.
     */
    timeBetween(startedAt, until) {
      // An observer is told of entries in a task of its own, maybe later than this: a request that
      // has just ended is taken from its queue now.
      if (observer) keep(observer.takeRecords());
      const requests = seen.filter((entry) => entry.startTime >= startedAt && entry.startTime <= until);
      if (requests.length === 0) return {};
      const slowest = requests.reduce((slower, entry) => (entry.duration > slower.duration ? entry : slower));
      const server = serverTimingOf(slowest);
      return {
        dataRequest: Math.round(
          Math.max(...requests.map((entry) => entry.responseEnd)) -
            Math.min(...requests.map((entry) => entry.startTime)),
        ),
        ...(server && { server }),
      };
    },
    stop: () => observer?.disconnect(),
  };
}

/** The frame after the next one has begun: the new page's content has been painted by then. */
function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}

function afterLoadWhenIdle(task: () => void): void {
  const whenIdle = () =>
    typeof requestIdleCallback === "function" ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 1);
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}

/** sendBeacon survives the page going away; text/plain needs no CORS preflight. */
function send(body: string): void {
  const blob = new Blob([body], { type: "text/plain;charset=UTF-8" });
  if (navigator.sendBeacon?.(BEACON_PATH, blob)) return;
  // A lost beacon stays lost: it must not turn into one of the page's own errors.
  fetch(BEACON_PATH, { method: "POST", body: blob, keepalive: true }).catch(() => undefined);
}
