/**
 * What a site-speed beacon carries: one schema for the collector's validation and for the
 * types the browser builds it with (the browser imports the types only, never zod).
 */
import { z } from "zod";
import {
  MAX_MESSAGE_LENGTH,
  MAX_RESOURCE_TIMINGS,
  MAX_SCRIPT_ERROR_KINDS,
  MAX_URL_LENGTH,
  NAVIGATION_MILESTONES,
} from "./beacon-rules";
import { VITAL_NAMES, type VitalName } from "./vitals";

type NavigationMilestone = (typeof NAVIGATION_MILESTONES)[number];

const DAY_MS = 86_400_000;
const milliseconds = z.number().min(0).max(DAY_MS);
const count = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Random identifiers the browser makes; nothing else fits, so nothing else is stored. */
const randomId = z.string().regex(/^[\w-]{16,64}$/, "Expected 16 to 64 letters, digits, - or _");
/** Route handles name pages in camel case ("sellerHubOverview"). */
const pageNameSchema = z.string().regex(/^[A-Za-z][\w-]{0,63}$/, "Expected a page name such as sellerHubOverview");

const navigationTiming = z.object({
  type: z.enum(["navigate", "reload", "back_forward", "prerender"]),
  transferSize: count,
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
  count: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** The page shown when it happened: after client-side navigations, not the page that loaded. */
  pageName: pageNameSchema,
});

/** Each vital once measured; CLS is a score, the others are milliseconds. */
const vitals = z.object(
  Object.fromEntries(VITAL_NAMES.map((name) => [name, (name === "CLS" ? z.number().min(0).max(100) : milliseconds).optional()])) as Record<
    VitalName,
    z.ZodOptional<z.ZodNumber>
  >,
);

export const speedBeaconSchema = z.object({
  /** The page the browser loaded: the one its load timings measure. */
  pageName: pageNameSchema,
  speedSession: randomId,
  /** One per page load; a resend carries the same id and supersedes what was sent before. */
  pageView: randomId,
  /** When the beacon was sent, in milliseconds since the page started loading. */
  sentAfterMs: milliseconds,
  navigation: navigationTiming.optional(),
  vitals,
  resources: z.array(resourceTiming).max(MAX_RESOURCE_TIMINGS),
  errors: z.array(scriptError).max(MAX_SCRIPT_ERROR_KINDS),
});

export type NavigationTiming = z.infer<typeof navigationTiming>;
export type SpeedBeacon = z.infer<typeof speedBeaconSchema>;
export type ResourceTiming = SpeedBeacon["resources"][number];
export type ScriptError = SpeedBeacon["errors"][number];
