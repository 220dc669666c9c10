/**
 * What a site-speed beacon carries: one schema for the collector's validation and for the
 * types the browser builds it with (the browser imports the types only, never zod).
 */
import { z } from "zod";
import {
  BEACON_RESEND_WINDOW_MS,
  CONNECTION_TYPES,
  INP_PHASES,
  LCP_PARTS,
  MAX_ACTION_LENGTH,
  MAX_COUNT_PER_PAGE_VIEW,
  MAX_MEASURED_MS,
  MAX_MESSAGE_LENGTH,
  MAX_RESOURCE_TIMINGS,
  MAX_SCRIPT_ERROR_KINDS,
  MAX_SELECTOR_LENGTH,
  MAX_TRACKED_ACTIONS,
  MAX_URL_LENGTH,
  NAVIGATION_MILESTONES,
  PAGE_NAME,
  PAGE_VIEW_KINDS,
  SERVER_TIMING_PARTS,
} from "./beacon-rules";
import { DAY_MS } from "./report-periods";
import { VITAL_NAMES, type VitalName } from "./vitals";

type NavigationMilestone = (typeof NAVIGATION_MILESTONES)[number];

const milliseconds = z.number().min(0).max(MAX_MEASURED_MS);
const count = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Random identifiers the browser makes; nothing else fits, so nothing else is stored. */
const randomId = z.string().regex(/^[\w-]{16,64}$/, "Expected 16 to 64 letters, digits, - or _");
const pageNameSchema = z.string().regex(PAGE_NAME, "Expected a page name such as sellerHubOverview");

/** Milliseconds by the names of a response's, or a vital's, parts, each optional. */
const partsOf = <Part extends string>(parts: readonly Part[]) =>
  z.object(
    Object.fromEntries(parts.map((part) => [part, milliseconds.optional()])) as Record<
      Part,
      z.ZodOptional<typeof milliseconds>
    >,
  );

/** Where the server's time went, in milliseconds, as its `Server-Timing` header said (parts it did not name are absent). */
const serverTiming = partsOf(SERVER_TIMING_PARTS);

const navigationTiming = z.object({
  type: z.enum(["navigate", "reload", "back_forward", "prerender"]),
  transferSize: count,
  /** The document's time on the server. */
  server: serverTiming.optional(),
  ...(Object.fromEntries(NAVIGATION_MILESTONES.map((milestone) => [milestone, milliseconds])) as Record<
    NavigationMilestone,
    typeof milliseconds
  >),
});

const resourceTiming = z.object({
  /** Path for the hub's own resources, origin and path for others; never a query string. */
  name: z.string().min(1).max(MAX_URL_LENGTH),
  type: z.string().max(32),
  start: milliseconds,
  duration: milliseconds,
  size: count,
});

const scriptError = z.object({
  message: z.string().max(MAX_MESSAGE_LENGTH),
  source: z.string().max(MAX_URL_LENGTH),
  line: count,
  column: count,
  /** How often this same error (message, source, line, column, page) happened. */
  count: z.int().min(1).max(MAX_COUNT_PER_PAGE_VIEW),
  /** The page shown when it happened: after client-side navigations, not the page that loaded. */
  pageName: pageNameSchema,
});

/** Each vital once measured; CLS is a score, the others are milliseconds. */
const vitals = z.object(
  Object.fromEntries(
    VITAL_NAMES.map((name) => [name, (name === "CLS" ? z.number().min(0).max(100) : milliseconds).optional()]),
  ) as Record<VitalName, z.ZodOptional<z.ZodNumber>>,
);

/** A tracking event's action (a text display action's eventAction, say), and how often it happened. */
const trackedAction = z.object({
  action: z.string().min(1).max(MAX_ACTION_LENGTH),
  count: z.int().min(1).max(MAX_COUNT_PER_PAGE_VIEW),
  /** The page the event was tagged with. */
  pageName: pageNameSchema,
});

/** A client-side navigation's own timing, from the click to the new page's content painted. */
const inAppNavigation = z.object({
  duration: milliseconds,
  /** The new page's data request (React Router's .data fetch), when it made one. */
  dataRequest: milliseconds.optional(),
  /** That data request's time on the server (the slowest one's, if several). */
  server: serverTiming.optional(),
});

/** What the dashboard segments by: the viewport's CSS width and the connection, when the browser says. */
const device = z.object({
  viewportWidth: z.int().min(0).max(100_000),
  connection: z.enum(CONNECTION_TYPES).optional(),
});

const selector = z.string().min(1).max(MAX_SELECTOR_LENGTH);

/** web-vitals' attribution: what to fix, and what the LCP and the INP were made of. */
const attribution = z.object({
  lcpElement: selector.optional(),
  lcpParts: partsOf(LCP_PARTS).optional(),
  inpTarget: selector.optional(),
  inpPhases: partsOf(INP_PHASES).optional(),
  /** The script that ran longest in the INP's interaction: its file (a path for the hub's own) and function. */
  inpScript: z.string().min(1).max(MAX_URL_LENGTH).optional(),
});

export const speedBeaconSchema = z.object({
  /** The page shown during the page view: the one its timings measure. */
  pageName: pageNameSchema,
  speedSession: randomId,
  /** One per page view; each is sent once, when the seller leaves it. */
  pageView: randomId,
  /**
   * The build the page was loaded from: React Router's manifest version, a hash of the build, the
   * same in every page of one client build. Absent from the product summary's frame and from
   * beacons sent before releases were told.
   */
  release: z
    .string()
    .regex(/^[\w.-]{1,64}$/)
    .optional()
    // Not the page's figures: a version of another shape (a new React Router's) loses the release, not the beacon.
    .catch(undefined),
  /** Beacons from before page views had kinds were all full loads. */
  kind: z.enum(PAGE_VIEW_KINDS).default("full-load"),
  /**
   * When the beacon was sent, in milliseconds since the document started loading: a seller may
   * keep one tab of the hub open for days, moving through it by links.
   */
  sentAfterMs: z
    .number()
    .min(0)
    .max(31 * DAY_MS),
  /**
   * How long ago the page view began, in milliseconds, when its beacon was sent: the dashboard
   * dates the page view from then (a tab loaded at 10:55 and left at 11:10 is the 10:00 hour's).
   * Only a beacon with timings tells it, and those are sent within the resend window; one sent
   * later carries errors and tracking that happened any time since, dated when they arrive.
   * Absent from beacons of builds before it was told (docs/decisions/044, amended 2026-11-26).
   */
  ageMs: milliseconds.max(BEACON_RESEND_WINDOW_MS).optional(),
  /** A full load's navigation timing. */
  navigation: navigationTiming.optional(),
  /** An in-app navigation's timing. */
  inAppNavigation: inAppNavigation.optional(),
  device: device.optional(),
  attribution: attribution.optional(),
  vitals,
  resources: z.array(resourceTiming).max(MAX_RESOURCE_TIMINGS),
  errors: z.array(scriptError).max(MAX_SCRIPT_ERROR_KINDS),
  tracking: z.array(trackedAction).max(MAX_TRACKED_ACTIONS).default([]),
});

export type NavigationTiming = z.infer<typeof navigationTiming>;
export type ServerTiming = z.infer<typeof serverTiming>;
export type SpeedBeacon = z.infer<typeof speedBeaconSchema>;
export type ResourceTiming = SpeedBeacon["resources"][number];
export type ScriptError = SpeedBeacon["errors"][number];
export type TrackedAction = SpeedBeacon["tracking"][number];
export type PageViewKind = SpeedBeacon["kind"];
export type DeviceReport = z.infer<typeof device>;
export type Attribution = z.infer<typeof attribution>;
export type InAppNavigation = z.infer<typeof inAppNavigation>;
