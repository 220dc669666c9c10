import { data, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getSignedInSeller, requireSellerRefusing } from "~/auth/require-seller.server";
import { readCookie } from "~/cookies/cookies";
import { feedbackLinkModel, generalFeedback } from "~/feedback/feedback-link.server";
import { pageUrl } from "~/http/page-url";
import { refusal } from "~/http/refusal";
import { formattingLocaleOf, offeredLanguages, textOf } from "~/i18n/language.server";
import { findCurrentMessages, messagesShownAtLoad } from "~/messages/messages.server";
import { findActiveNavigation, validSideLinks } from "~/navigation/navigation.server";
import { switchToolsLinks } from "~/opt-out/opt-out-view-model.server";
import { appearanceContext, databaseContext, languageContext } from "~/request-context";
import { may, PERMISSIONS, routePatternOf, type RoutePattern } from "~/team/policy";
import { timeZoneOptions } from "~/time/time-zone.server";
import { timeZoneOfMember } from "~/time/time-zones";
import type { ShellRefusal } from "./shell-refusal";
import { BROWSER_NOTICE_CLOSED_COOKIE, isUnsupportedBrowser } from "./unsupported-browser";

interface ShellRequest {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * What the shell around a page shows the signed-in member: who they are and for whom, the
 * navigation's place, the side area's links, the page's messages. The shell route's loader, and
 * the refusal of a page the member's role does not allow, which keeps the hub around it.
 */
export async function loadShell(
  { request, context }: ShellRequest,
  { showsPageMessages }: { showsPageMessages: boolean },
) {
  const { seller, member, srt } = getSignedInSeller(context);
  const { db } = context.get(databaseContext);
  const text = textOf(context);
  const cookie = request.headers.get("Cookie");
  // The few current messages are decided here: the first render comes from the request's
  // cookies, so a message whose views are used up never flashes. Pages that show none get only
  // their number, for the side area's link.
  const messages = messagesShownAtLoad(await findCurrentMessages(db, seller.id, context.get(languageContext)), cookie);
  return {
    member: {
      name: member.display_name,
      // Everyone but the member who opened the account (and signs in with its username, lower-cased) works for
      // someone else's: the header says whose. That includes an owner the account was handed to, and
      // a name chosen to look like the account's cannot hide it.
      accountName: member.username === seller.username.toLowerCase() ? undefined : seller.display_name,
      feedbackScore: seller.feedback_score,
      storeUrl: seller.store_url,
      locale: formattingLocaleOf(context),
      languages: offeredLanguages(),
      timeZone: timeZoneOfMember(member, seller),
      timeZones: timeZoneOptions(context.get(languageContext)),
      appearance: context.get(appearanceContext),
    },
    // Where the page sits, not the navigation itself: its labels and URLs never change (decision 062).
    activeNavigation: findActiveNavigation(pageUrl(request)),
    sideLinks: validSideLinks({
      feedbackLinkData: feedbackLinkModel(seller, request, generalFeedback(text)),
      // Switching tools is the account's choice, the owner's to make (decision 086).
      ...(may(member.role, "tools:choose") ? await switchToolsLinks(db, seller, request, text) : {}),
    }),
    permissions: PERMISSIONS.filter((permission) => may(member.role, permission)),
    pageMessages: showsPageMessages ? messages : null,
    messageCount: messages.length,
    srt,
    showBrowserNotice:
      isUnsupportedBrowser(request.headers.get("User-Agent")) && !readCookie(cookie, BROWSER_NOTICE_CLOSED_COOKIE),
  };
}

export type ShellData = Awaited<ReturnType<typeof loadShell>>;

/**
 * The addresses inside the shell that answer with a file, a redirect or a form's outcome, never
 * with a page. A refusal there stays the plain-text reason its caller (a download, a script) reads:
 * React Router would send a resource route's thrown data as JSON (`queryRoute` in react-router's
 * `router.js`), so a refused download would get the whole shell in place of its reason.
 * `shell.server.test.ts` keeps this list in step with the route modules that render nothing.
 */
export const SHELL_RESOURCE_ROUTES: ReadonlySet<RoutePattern> = new Set<RoutePattern>([
  "/sh/lst/export",
  "/sh/lst/prices/:changeId/apply",
  "/sh/lst/prices/:changeId/undo",
  "/sh/perf/pages",
  "/sh/messages/close",
  "/sh/messages/:messageId/view",
  "/sh/browser-notice/close",
  "/sh/language",
  "/sh/time-zone",
  "/sh/appearance",
  "/sh/activity/export",
]);

/**
 * The shell's session middleware. A page the member's role does not allow, asked for or sent a
 * form (from a tab opened before their role changed), is refused (403) with the reason and the
 * shell's data, so the refusal keeps the hub around it, as a page that is not found does: the
 * root's error boundary draws it (`RefusedPage`). React Router runs no loader once a middleware
 * throws, so the refusal must carry what the shell shows (its `query()` answers with
 * `loaderData: {}`). A resource route is refused in plain text, as `requireSeller` refuses
 * everywhere else; so is a page whose shell cannot be read (the database failing between the
 * session and the shell): the refusal is still a refusal.
 */
export const requireSellerInShell: MiddlewareFunction<Response> = requireSellerRefusing(
  async ({ request, context, pattern }, reason) => {
    const plain = refusal(403, reason);
    if (SHELL_RESOURCE_ROUTES.has(routePatternOf(pattern))) return plain;
    try {
      const shell = await loadShell({ request, context }, { showsPageMessages: false });
      return data({ reason, shell } satisfies ShellRefusal, { status: 403, statusText: "Forbidden" });
    } catch (error) {
      console.error("The shell around a refusal could not be read; refused in plain text.", error);
      return plain;
    }
  },
);
