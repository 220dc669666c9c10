import type { href } from "react-router";
import type { Role } from "./roles";

/**
 * What a member may do, decided here and nowhere else (decision 086). Every request to the hub is
 * asked against it before any loader or action runs (`requireSeller`), and the navigation and the
 * pages ask it to show only what the member can use.
 */
export const PERMISSIONS = [
  /** The member's own things: their preferences, sessions, the messages shown to them, signing out. */
  "self",
  "overview:read",
  /** The listings, a listing's page and history, its insights, the changes made, the listings' file. */
  "listings:read",
  /** Prices and quantities: on a listing's page, in bulk; applying and undoing a change. */
  "listings:change",
  /** Prices and quantities brought back from a listings file. */
  "listings:import",
  /** The site-speed dashboard and its file. */
  "speed:read",
  /** Switching the listings tool for the account: to the previous tool and back. */
  "tools:choose",
  /** Inviting members, changing their roles, removing them. */
  "team:manage",
  /** Who did what in the account. */
  "activity:read",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

const READS: readonly Permission[] = ["self", "overview:read", "listings:read", "speed:read"];

/**
 * Each role's permissions. A viewer reads what the account has (a file of the listings or of the
 * dashboard included: it holds what the pages show them) and changes nothing of it; a manager runs
 * the listings; the owner also runs the account and its team.
 */
const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  manager: new Set([...READS, "listings:change", "listings:import"]),
  viewer: new Set(READS),
};

/** Whether the role may; a role the hub does not know (a row written by hand) may nothing. */
export function may(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role]?.has(permission) ?? false;
}

/** What an address needs: to read it (GET, HEAD), and to send it anything else (a form, a change). */
export interface RoutePermission {
  read: Permission;
  /** None: the address takes no changes (a method other than GET is refused as React Router refuses it). */
  change?: Permission;
}

/** An address pattern of `app/routes.ts`, as React Router names the one a request matched. */
export type RoutePattern = Parameters<typeof href>[0];

/**
 * Open to anyone, signed in or not, each for its reason (`server/signed-out.test.ts` checks that
 * every other address needs a session).
 */
export const OPEN_ROUTES = [
  "/",
  "/signin",
  "/healthz",
  // Each language's texts, which the pages signed out (signing in, an invitation) load too.
  "/catalogues/:file",
  "/sh/beacon",
  "/invitation/:token",
] as const satisfies readonly RoutePattern[];

/**
 * Every other address of the hub and what it needs. Keyed by the route table's own patterns, so the
 * type-check fails on an address left out; the matrix test (`server/route-permissions.test.ts`)
 * sends each role to each of them.
 */
export const ROUTE_PERMISSIONS: Record<Exclude<RoutePattern, (typeof OPEN_ROUTES)[number]>, RoutePermission> = {
  "/signout": { read: "self", change: "self" },
  "/sh/prod-summary": { read: "listings:read" },
  "/sh/ovw": { read: "overview:read" },
  "/sh/lst/active": { read: "listings:read", change: "listings:change" },
  "/sh/lst/export": { read: "listings:read" },
  "/sh/lst/import": { read: "listings:import", change: "listings:import" },
  "/sh/lst/prices": { read: "listings:change", change: "listings:change" },
  "/sh/lst/prices/:changeId": { read: "listings:read", change: "listings:change" },
  "/sh/lst/prices/:changeId/apply": { read: "listings:read", change: "listings:change" },
  "/sh/lst/prices/:changeId/undo": { read: "listings:read", change: "listings:change" },
  "/sh/lst/changes": { read: "listings:read" },
  "/sh/lst/:listingId": { read: "listings:read", change: "listings:change" },
  "/sh/lst/:listingId/insights": { read: "listings:read" },
  "/sh/perf": { read: "speed:read" },
  "/sh/perf/pages": { read: "speed:read" },
  "/sh/optout": { read: "tools:choose", change: "tools:choose" },
  "/sh/optin": { read: "tools:choose", change: "tools:choose" },
  "/sh/search": { read: "listings:read" },
  "/sh/messages/close": { read: "self", change: "self" },
  "/sh/messages/:messageId/view": { read: "self", change: "self" },
  "/sh/browser-notice/close": { read: "self", change: "self" },
  "/sh/language": { read: "self", change: "self" },
  "/sh/time-zone": { read: "self", change: "self" },
  "/sh/appearance": { read: "self", change: "self" },
  "/sh/team": { read: "team:manage", change: "team:manage" },
  "/sh/activity": { read: "activity:read" },
  "/sh/activity/export": { read: "activity:read" },
  "/sh/account/sessions": { read: "self", change: "self" },
  "/sh/*": { read: "self" },
};

/**
 * The permission a request needs: its address's, for its method. Undefined for an address this
 * table does not know (which the type-check and the matrix test keep from happening): refused to
 * every role, so a gap closes rather than opens.
 */
export function permissionFor(pattern: string, method: string): Permission | undefined {
  const route = (ROUTE_PERMISSIONS as Record<string, RoutePermission | undefined>)[routePatternOf(pattern)];
  if (!route) return undefined;
  return method === "GET" || method === "HEAD" ? route.read : (route.change ?? route.read);
}

/**
 * The route table's pattern of the one React Router names to middleware: it joins its matches'
 * paths ("sh/lst/:listingId"), and the route table's own have a slash first.
 */
export function routePatternOf(pattern: string): RoutePattern {
  return (pattern.startsWith("/") ? pattern : `/${pattern}`) as RoutePattern;
}
