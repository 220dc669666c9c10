import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.ts"),
  route("signin", "routes/signin.tsx"),
  route("signout", "routes/signout.ts"),
  route("healthz", "routes/healthz.ts"),
  // Each language's texts as a script the pages preload, named by its content (app/i18n/catalogue-file.server.ts).
  route("catalogues/:file", "routes/catalogue.ts"),
  // Site-speed beacons arrive from every page, signed in or not: not inside the shell.
  route("sh/beacon", "routes/sh/beacon.ts"),
  // Embedded in the listing detail page's frame, so outside the shell.
  route("sh/prod-summary", "routes/sh/product-summary.ts"),
  // Every page of the hub, inside the shell (header, navigation, side area).
  layout("routes/sh/shell.tsx", [
    route("sh/ovw", "routes/sh/overview.tsx"),
    route("sh/lst/active", "routes/sh/listings.tsx"),
    // The same listings as a CSV file (app/listing-files/).
    route("sh/lst/export", "routes/sh/listings-export.ts"),
    // Prices brought back from a listings file: checked, then previewed as a change (app/listing-files/).
    route("sh/lst/import", "routes/sh/listings-import.tsx"),
    // Bulk price changes: choose, then preview, apply and undo one change (app/listing-changes/).
    route("sh/lst/prices", "routes/sh/price-change-new.tsx"),
    route("sh/lst/prices/:changeId", "routes/sh/price-change.tsx"),
    route("sh/lst/prices/:changeId/apply", "routes/sh/price-change-apply.ts"),
    route("sh/lst/prices/:changeId/undo", "routes/sh/price-change-undo.ts"),
    // Every change the seller made, newest first, with the last one's undo.
    route("sh/lst/changes", "routes/sh/changes.tsx"),
    route("sh/lst/:listingId", "routes/sh/listing-detail.tsx", [route("insights", "routes/sh/listing-insights.tsx")]),
    route("sh/perf", "routes/sh/site-speed.tsx"),
    // The dashboard's pages table as a CSV or JSON file (app/site-speed/pages-export.server.ts).
    route("sh/perf/pages", "routes/sh/site-speed-pages.ts"),
    route("sh/optout", "routes/sh/opt-out.tsx"),
    route("sh/search", "routes/sh/search.tsx"),
    route("sh/messages/close", "routes/sh/message-close.ts"),
    route("sh/messages/:messageId/view", "routes/sh/message-view.ts"),
    route("sh/browser-notice/close", "routes/sh/browser-notice-close.ts"),
    route("sh/language", "routes/sh/language.ts"),
    route("sh/time-zone", "routes/sh/time-zone.ts"),
    route("sh/appearance", "routes/sh/appearance.ts"),
    // The account's team, for its owner: invitations, roles, removal (app/team/).
    route("sh/team", "routes/sh/team.tsx"),
    // Who did what in the account, and its file (app/activity/).
    route("sh/activity", "routes/sh/activity.tsx"),
    route("sh/activity/export", "routes/sh/activity-export.ts"),
    // A member's own signed-in sessions, each to sign out (app/member-sessions/).
    route("sh/account/sessions", "routes/sh/account-sessions.tsx"),
    route("sh/*", "routes/sh/not-found.tsx"),
  ]),
  route("sh/optin", "routes/sh/opt-in.ts"),
  // An invitation's single-use link, for someone who has no account yet: outside the shell.
  route("invitation/:token", "routes/invitation.tsx"),
] satisfies RouteConfig;
