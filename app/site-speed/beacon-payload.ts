/**
 * Builds a site-speed beacon from what the browser measured. Pure functions over plain data:
 * the browser glue (site-speed-beacon.ts) hands in performance entries and events.
 */
import type {
  Attribution,
  DeviceReport,
  InAppNavigation,
  NavigationTiming,
  PageViewKind,
  ResourceTiming,
  ScriptError,
  ServerTiming,
  SpeedBeacon,
  TrackedAction,
} from "./beacon-schema";
import {
  BEACON_RESEND_WINDOW_MS,
  CONNECTION_TYPES,
  MAX_ACTION_LENGTH,
  MAX_BEACON_BYTES,
  MAX_COUNT_PER_PAGE_VIEW,
  MAX_MESSAGE_LENGTH,
  MAX_RESOURCE_TIMINGS,
  MAX_SCRIPT_ERROR_KINDS,
  MAX_SELECTOR_LENGTH,
  MAX_TRACKED_ACTIONS,
  MAX_URL_LENGTH,
  MAX_MEASURED_MS,
  NAVIGATION_MILESTONES,
  SERVER_TIMING_PARTS,
} from "./beacon-rules";
import type { VitalName } from "./vitals";

export type ScriptErrorOccurrence = Omit<ScriptError, "count">;

/** Nothing is sent once 1,200,000 ms have passed since the page view began. */
export function isWithinResendWindow(msSinceStart: number): boolean {
  return msSinceStart < BEACON_RESEND_WINDOW_MS;
}

/**
 * A URL as the beacon keeps it: the path for the hub's own, origin and path for others, never
 * the query or fragment (they may hold what a seller searched for).
 */
export function shortUrl(url: string, origin: string): string {
  if (!url) return "";
  try {
    const parsed = new URL(url, origin);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return parsed.protocol;
    return ((parsed.origin === origin ? "" : parsed.origin) + parsed.pathname).slice(0, MAX_URL_LENGTH);
  } catch {
    return "";
  }
}

/** An uncaught error where the browser says it happened. */
export function describeErrorEvent(
  event: Pick<ErrorEvent, "message" | "error" | "filename" | "lineno" | "colno">,
  pageName: string,
  origin: string,
): ScriptErrorOccurrence {
  return {
    message: (event.message || String(event.error)).slice(0, MAX_MESSAGE_LENGTH),
    source: shortUrl(event.filename, origin),
    line: event.lineno || 0,
    column: event.colno || 0,
    pageName,
  };
}

/** A promise rejected with nobody to handle it; where it happened is in no event field. */
export function describeRejection(reason: unknown, pageName: string): ScriptErrorOccurrence {
  const what = reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason);
  return {
    message: `Unhandled rejection: ${what}`.slice(0, MAX_MESSAGE_LENGTH),
    source: "",
    line: 0,
    column: 0,
    pageName,
  };
}

/** The same error again only counts; a new one joins the list while there is room. */
export function foldScriptError(errors: ScriptError[], occurrence: ScriptErrorOccurrence): void {
  const same = errors.find(
    (error) =>
      error.message === occurrence.message &&
      error.source === occurrence.source &&
      error.line === occurrence.line &&
      error.column === occurrence.column &&
      error.pageName === occurrence.pageName,
  );
  if (same) same.count = Math.min(same.count + 1, MAX_COUNT_PER_PAGE_VIEW);
  else if (errors.length < MAX_SCRIPT_ERROR_KINDS) errors.push({ ...occurrence, count: 1 });
}

/** A tracking event's action: its eventAction, as text display models and the product summary name them. */
export function trackedActionOf(event: Record<string, unknown>): string {
  const action = event.eventAction;
  return (typeof action === "string" && action !== "" ? action : "unnamed").slice(0, MAX_ACTION_LENGTH);
}

/** The same action on the same page again only counts; a new one joins the list while there is room. */
export function foldTrackedAction(tracked: TrackedAction[], action: string, pageName: string): void {
  const same = tracked.find((known) => known.action === action && known.pageName === pageName);
  if (same) same.count = Math.min(same.count + 1, MAX_COUNT_PER_PAGE_VIEW);
  else if (tracked.length < MAX_TRACKED_ACTIONS) tracked.push({ action, pageName, count: 1 });
}

/** The segment a page view belongs to: its viewport's width and, where the browser reports it, the connection. */
export function describeDevice(viewportWidth: number, effectiveType: string | undefined): DeviceReport {
  const connection = CONNECTION_TYPES.find((type) => type === effectiveType);
  return { viewportWidth: Math.max(0, Math.round(viewportWidth)), ...(connection && { connection }) };
}

/** web-vitals' selectors can be long; the start of one names the element well enough. */
export function shortSelector(selector: string | undefined): string | undefined {
  return selector ? selector.slice(0, MAX_SELECTOR_LENGTH) : undefined;
}

export interface PageMeasurements {
  /** The page shown during the page view. */
  pageName: string;
  kind: PageViewKind;
  speedSession: string;
  pageView: string;
  /** The build the page was loaded from (React Router's manifest version); none in the product summary's frame. */
  release: string | undefined;
  msSinceLoad: number;
  /** Since the page view began, for a beacon with timings; undefined for one sent after the resend window. */
  msSinceBegan: number | undefined;
  /** The page's own origin: its resources are named by path. */
  origin: string;
  /** A full load's timings; an in-app navigation has its own. */
  navigation: PerformanceNavigationTiming | undefined;
  inAppNavigation: InAppNavigation | undefined;
  resources: readonly PerformanceResourceTiming[];
  device: DeviceReport;
  attribution: Attribution;
  vitals: Partial<Record<VitalName, number>>;
  errors: readonly ScriptError[];
  tracking: readonly TrackedAction[];
}

export function buildSpeedBeacon(measured: PageMeasurements): SpeedBeacon {
  return {
    pageName: measured.pageName,
    speedSession: measured.speedSession,
    pageView: measured.pageView,
    kind: measured.kind,
    release: measured.release,
    sentAfterMs: Math.round(measured.msSinceLoad),
    ageMs: measured.msSinceBegan === undefined ? undefined : Math.round(measured.msSinceBegan),
    navigation: measured.navigation && describeNavigation(measured.navigation),
    inAppNavigation: measured.inAppNavigation,
    device: measured.device,
    attribution: measured.attribution,
    vitals: roundVitals(measured.vitals),
    resources: measured.resources
      // Earlier sends of this very beacon are not what the page loaded.
      .filter((entry) => entry.initiatorType !== "beacon")
      .slice(0, MAX_RESOURCE_TIMINGS)
      .map((entry) => describeResource(entry, measured.origin))
      .filter((resource) => resource.name !== ""),
    errors: measured.errors.map((error) => ({ ...error })),
    tracking: measured.tracking.map((action) => ({ ...action })),
  };
}

/** The beacon as a body the collector accepts: if it would be too large, fewer resource timings go. */
export function serializeBeacon(beacon: SpeedBeacon): string {
  let resources = beacon.resources;
  let body = JSON.stringify(beacon);
  while (utf8Length(body) > MAX_BEACON_BYTES && resources.length > 0) {
    resources = resources.slice(0, Math.floor(resources.length / 2));
    body = JSON.stringify({ ...beacon, resources });
  }
  return body;
}

function describeNavigation(entry: PerformanceNavigationTiming): NavigationTiming {
  const milestones = Object.fromEntries(
    NAVIGATION_MILESTONES.map((milestone) => [milestone, Math.max(0, Math.round(entry[milestone]))]),
  );
  const server = serverTimingOf(entry);
  return {
    type: entry.type,
    transferSize: entry.transferSize,
    ...(server && { server }),
    ...(milestones as Omit<NavigationTiming, "type" | "transferSize" | "server">),
  };
}

/**
 * The parts of the server's time a response's `Server-Timing` named (the hub's own names only),
 * in whole milliseconds; undefined when it named none (an older server, or a browser that does
 * not expose the header: Safari before 16.4).
 */
export function serverTimingOf(entry: PerformanceResourceTiming): ServerTiming | undefined {
  const parts = new Map<string, number>();
  for (const { name, duration } of entry.serverTiming ?? []) {
    // The hub's own come first (a proxy appends after them): a later one of the same name is not the hub's.
    if (parts.has(name) || !(SERVER_TIMING_PARTS as readonly string[]).includes(name)) continue;
    if (Number.isFinite(duration) && duration >= 0 && duration <= MAX_MEASURED_MS)
      parts.set(name, Math.round(duration));
  }
  return parts.size === 0 ? undefined : (Object.fromEntries(parts) as ServerTiming);
}

function describeResource(entry: PerformanceResourceTiming, origin: string): ResourceTiming {
  return {
    name: shortUrl(entry.name, origin),
    type: entry.initiatorType.slice(0, 32),
    start: Math.round(entry.startTime),
    duration: Math.round(entry.duration),
    size: entry.transferSize,
  };
}

/** Milliseconds to the millisecond, layout shift to four decimals: more would be noise. */
function roundVitals(vitals: Partial<Record<VitalName, number>>): Partial<Record<VitalName, number>> {
  return Object.fromEntries(
    Object.entries(vitals).map(([name, value]) => [
      name,
      name === "CLS" ? Math.round(value * 10_000) / 10_000 : Math.round(value),
    ]),
  );
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}
