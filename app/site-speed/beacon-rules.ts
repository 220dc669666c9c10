/**
 * The limits the browser's beacon and the collector agree on. No zod here: the browser imports
 * this module, and the beacon must stay a few kilobytes.
 */

/** Where beacons go (docs/product/calls-and-limits.md). */
export const BEACON_PATH = "/sh/beacon";

/** A page's name, as route handles give it in camel case ("sellerHubOverview"): what a beacon may name, and the dashboard may show. */
export const PAGE_NAME = /^[A-Za-z][\w-]{0,63}$/;

/** docs/product/calls-and-limits.md: the browser keeps this many resource timings, and a beacon carries no more. */
export const MAX_RESOURCE_TIMINGS = 300;

/** docs/product/calls-and-limits.md: a page stops sending (and resending) its beacon this long after it loaded. */
export const BEACON_RESEND_WINDOW_MS = 1_200_000;

/**
 * A page view's beacons all arrive within the resend window of its load; a minute more for the
 * network and the commit. The summing looks this far for the beacon a resend replaces, and expiry
 * keeps that long a beacon a queued resend may replace.
 */
export const RESENDS_WITHIN_MS = BEACON_RESEND_WINDOW_MS + 60_000;

/** The collector refuses larger bodies (413); sendBeacon's own quota is the same 64 KiB. */
export const MAX_BEACON_BYTES = 64 * 1024;

/** A page that keeps failing reports this many different script errors, each with its count. */
export const MAX_SCRIPT_ERROR_KINDS = 20;

/**
 * How often one page view may report the same script error or tracking action. A page view sends
 * within 20 minutes of its load (BEACON_RESEND_WINDOW_MS): 100,000 is one every 12 ms all that
 * time, an error in a loop, beyond what a seller's clicks make. The browser stops counting here and
 * the collector refuses more, so the dashboard's sums over a month of beacons stay exact integers
 * and PostgreSQL's integer column holds every count.
 */
export const MAX_COUNT_PER_PAGE_VIEW = 100_000;

/** Longer texts are cut: a beacon measures, it does not copy pages. */
export const MAX_MESSAGE_LENGTH = 300;
export const MAX_URL_LENGTH = 200;

/** What to fix: the LCP element and the INP interaction's target, as short CSS selectors. */
export const MAX_SELECTOR_LENGTH = 100;

/** A page view reports this many different tracking actions, each with its count. */
export const MAX_TRACKED_ACTIONS = 20;
export const MAX_ACTION_LENGTH = 64;

/**
 * How a page view began: the browser loading the page, a click inside the hub (client-side
 * navigation), or the seller coming back to a tab they had hidden (its earlier part was sent).
 */
export const PAGE_VIEW_KINDS = ["full-load", "in-app", "resumed"] as const;

/** The Network Information API's connection types (Chromium reports them; others do not). */
export const CONNECTION_TYPES = ["slow-2g", "2g", "3g", "4g"] as const;

/** The cookie that ties one browser's beacons together, and its lifetime (docs/product/calls-and-limits.md: 730 days). */
export const SPEED_SESSION_COOKIE = "sh_speed_session";
export const SPEED_SESSION_EXPIRY_DAYS = 730;

/** The longest time a beacon reports (a tab may stay open a day before its figures are sent). */
export const MAX_MEASURED_MS = 86_400_000;

/**
 * The parts of the server's time a beacon reports, from the response's `Server-Timing` header
 * (app/http/server-timing.server.ts names them): the database, the route's loaders or action, the
 * render of a full page, and the whole.
 */
export const SERVER_TIMING_PARTS = ["db", "loaders", "action", "render", "total"] as const;

/**
 * What an LCP is made of (web.dev's "Optimize LCP" parts, web-vitals' attribution): the time to
 * the first byte, the delay before its resource began loading, that load, and the delay until the
 * element was painted. They add up to the LCP.
 */
export const LCP_PARTS = ["ttfb", "loadDelay", "loadTime", "renderDelay"] as const;

/** What an INP is made of: the wait for the main thread, the event handlers' processing, and the next paint. */
export const INP_PHASES = ["inputDelay", "processing", "presentation"] as const;

/** The navigation-timing milestones a beacon reports, in milliseconds from the navigation's start. */
export const NAVIGATION_MILESTONES = [
  "domainLookupStart",
  "connectStart",
  "requestStart",
  "responseStart",
  "responseEnd",
  "domInteractive",
  "domContentLoadedEventEnd",
  "loadEventEnd",
] as const;
