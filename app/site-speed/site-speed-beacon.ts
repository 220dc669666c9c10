/**
 * The site-speed beacon of every page (spec §7, DESIGN.md §4): navigation and resource timings,
 * web vitals and script errors, sent when the page is hidden. It must never slow or break the
 * page it measures: at start it only adds listeners; web-vitals loads as its own chunk once the
 * page has loaded and the browser is idle; sending is one sendBeacon call.
 */
import { shownPageName } from "~/shell/page-name";
import type { MetricType } from "web-vitals";
import type { ScriptError } from "./beacon-schema";
import { buildSpeedBeacon, describeErrorEvent, describeRejection, foldScriptError, isWithinResendWindow, serializeBeacon } from "./beacon-payload";
import { BEACON_PATH, MAX_RESOURCE_TIMINGS } from "./beacon-rules";
import { randomId, speedSession } from "./speed-session";
import type { VitalName } from "./vitals";

/** Marked once web-vitals is measuring; the end-to-end tests wait for it before leaving a page. */
export const MEASURING_WEB_VITALS_MARK = "seller-hub:measuring-web-vitals";

/**
 * Starts measuring the page. Call it once, as early as the hub's code runs: script errors count
 * from then on. Returns the function that stops it.
 */
export function startSiteSpeedBeacon(): () => void {
  const loadedPage = shownPageName();
  const pageView = randomId();
  const errors: ScriptError[] = [];
  const vitals: Partial<Record<VitalName, number>> = {};

  const onError = (event: Event) => {
    // Failed images and scripts fire plain Events at their element; only script errors are ErrorEvents.
    if (event instanceof ErrorEvent) foldScriptError(errors, describeErrorEvent(event, shownPageName(), location.origin));
  };
  const onRejection = (event: PromiseRejectionEvent) => foldScriptError(errors, describeRejection(event.reason, shownPageName()));
  const onHidden = () => {
    if (document.visibilityState !== "hidden" || !isWithinResendWindow(performance.now())) return;
    send(
      serializeBeacon(
        buildSpeedBeacon({
          pageName: loadedPage,
          speedSession: speedSession(),
          pageView,
          msSinceLoad: performance.now(),
          origin: location.origin,
          navigation: performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined,
          resources: performance.getEntriesByType("resource") as PerformanceResourceTiming[],
          vitals,
          errors,
        }),
      ),
    );
  };

  addEventListener("error", onError);
  addEventListener("unhandledrejection", onRejection);
  // Bubbling, on window: runs after web-vitals' capturing listeners have reported their final values.
  addEventListener("visibilitychange", onHidden);
  performance.setResourceTimingBufferSize(MAX_RESOURCE_TIMINGS);
  afterLoadWhenIdle(() => void measureWebVitals(vitals));

  return () => {
    removeEventListener("error", onError);
    removeEventListener("unhandledrejection", onRejection);
    removeEventListener("visibilitychange", onHidden);
  };
}

/**
 * Loads web-vitals (its own chunk) and keeps each vital's latest value. Should the chunk fail
 * to load, the rejection is left unhandled on purpose: the beacon reports it as a script error.
 */
async function measureWebVitals(vitals: Partial<Record<VitalName, number>>): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import("web-vitals");
  const keep = (metric: MetricType) => {
    vitals[metric.name] = metric.value;
  };
  for (const measure of [onLCP, onINP, onCLS, onFCP, onTTFB]) measure(keep, { reportAllChanges: true });
  performance.mark(MEASURING_WEB_VITALS_MARK);
}

function afterLoadWhenIdle(task: () => void): void {
  const whenIdle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(task, { timeout: 5000 }) : setTimeout(task, 1));
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
