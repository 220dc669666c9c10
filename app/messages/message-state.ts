/**
 * The message states (docs/product/behaviour.md), as pure rules over cookies. The server applies them to the request's
 * cookies to decide the first render; the browser applies them to document.cookie when a message
 * is shown (one view) and when it is closed.
 *
 *   hidden ──load──▶ shown ──close──▶ closed
 *     └── views used up, or dismissed: stays hidden
 */
import type { CookieExpiry } from "~/cookies/cookies";
import type { MessageConfig } from "./message-model";

export type MessageState = "hidden" | "shown" | "closed";

/** Reads one cookie by name: the request's on the server, document.cookie in the browser. */
export type CookieLookup = (name: string) => string | undefined;

/** A cookie to write; no expires: a session cookie. */
export interface CookieWrite {
  name: string;
  value: string;
  expires?: CookieExpiry;
}

/**
 * "For good" as long as a browser keeps a cookie: Chrome caps a cookie's life at 400 days
 * (RFC 6265bis), so a longer expiry would be cut to this anyway.
 */
export const LASTING_COOKIE_DAYS = 400;

/** The cookie names (docs/product/calls-and-limits.md). */
export function messageCookieNames(messageId: string) {
  return {
    viewsLeft: `shui-messages-${messageId}-viewsLeft`,
    dismissalLeft: `shui-messages-${messageId}-dismissalLeft`,
  } as const;
}

/** A count kept in a cookie; anything but a whole number reads as no count at all. */
function countIn(value: string | undefined, limit: number): number | undefined {
  if (value === undefined || !/^\d+$/.test(value)) return undefined;
  return Math.min(Number(value), limit);
}

/**
 * Whether the message shows at this load: always, unless it has an id and a cookie says its
 * views are used up, or that it was dismissed (for good, for the session, or too often).
 */
export function isShownAtLoad(config: MessageConfig | undefined, cookie: CookieLookup): boolean {
  if (!config?.messageId) return true;
  const names = messageCookieNames(config.messageId);
  if (config.maxViews !== undefined && countIn(cookie(names.viewsLeft), config.maxViews) === 0) return false;
  return countIn(cookie(names.dismissalLeft), Number.POSITIVE_INFINITY) !== 0;
}

/** Each showing counts one view: the cookie to write when a message with maxViews is shown. */
export function viewCookie(config: MessageConfig | undefined, cookie: CookieLookup): CookieWrite | null {
  if (!config?.messageId || config.maxViews === undefined) return null;
  const { viewsLeft } = messageCookieNames(config.messageId);
  const left = countIn(cookie(viewsLeft), config.maxViews) ?? config.maxViews;
  return { name: viewsLeft, value: String(Math.max(left - 1, 0)), expires: LASTING_COOKIE_DAYS };
}

/**
 * The cookie to write when the seller closes a message with an id: one dismissal fewer when it
 * has maxDismissal; else hidden for good when permanent; else hidden for the browser session.
 * A message without an id just hides for this page view: nothing is written.
 */
export function closeCookie(config: MessageConfig | undefined, cookie: CookieLookup): CookieWrite | null {
  if (!config?.messageId) return null;
  const { dismissalLeft } = messageCookieNames(config.messageId);
  if (config.maxDismissal !== undefined) {
    const left = countIn(cookie(dismissalLeft), config.maxDismissal) ?? config.maxDismissal;
    return { name: dismissalLeft, value: String(Math.max(left - 1, 0)), expires: LASTING_COOKIE_DAYS };
  }
  if (config.permanent) return { name: dismissalLeft, value: "0", expires: LASTING_COOKIE_DAYS };
  return { name: dismissalLeft, value: "0" };
}
