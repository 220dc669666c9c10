import { randomBytes } from "node:crypto";
import { serializeCookie } from "~/cookies/cookies";
import { BEACON_PATH } from "~/site-speed/beacon-rules";

/**
 * What a browser may keep of a rendered answer (static assets have their own rules).
 *
 * Nothing, as a rule (`no-store`): every page and its data are the seller's own, and a copy in
 * the browser's cache outlived the session. Without JavaScript, Sign out then Back showed the
 * listings with the seller's name and payout details after the session had ended on the server.
 *
 * The one exception is a page's data fetched ahead on intent (`<link rel="prefetch">`, which
 * Chromium marks with `Sec-Purpose: prefetch`): the browser keeps it a few seconds, privately, so
 * that the click which follows takes it from the HTTP cache instead of asking again (decision
 * 061). Sign-out's `Clear-Site-Data: "cache"` empties even that.
 *
 * A change the seller makes in those seconds must not be undone on the screen by the copy kept
 * before it: a tick, then Next page, showed the page fetched ahead with no listing selected. So
 * each request that may change something sets the change mark anew, and a kept copy varies by the
 * cookies it was asked with: after a change the browser's request no longer matches it and goes
 * to the server.
 */
export const PREFETCH_FRESH_SECONDS = 5;

/** Set anew by every request that may change something; read by no one, it only makes the cookies differ. */
export const CHANGE_MARK_COOKIE = "sh_change";

/** The beacon collector stores measurements, not the seller's data: no copy of a page goes stale by it. */
const NOT_A_CHANGE = new Set([BEACON_PATH]);

export function setPageCaching(request: Request, response: Response): Response {
  const change = mayChange(request);
  if (response.headers.has("Cache-Control") && !change) return response;
  const headers = new Headers(response.headers);
  if (!headers.has("Cache-Control")) {
    const prefetch = /\bprefetch\b/i.test(request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "");
    const kept = prefetch && request.method === "GET" && response.status === 200;
    // private: the seller's own data, never in a shared cache.
    headers.set("Cache-Control", kept ? `private, max-age=${PREFETCH_FRESH_SECONDS}` : "no-store");
    if (kept) headers.append("Vary", "Cookie");
  }
  if (change) {
    const mark = serializeCookie(CHANGE_MARK_COOKIE, randomBytes(8).toString("base64url"), {
      httpOnly: true,
      secure: new URL(request.url).protocol === "https:",
    });
    if (mark) headers.append("Set-Cookie", mark);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A request that may have changed something: any but GET and HEAD, whatever its answer (a refusal
 * can follow part of a change: the selection form unselects the page's listings before it refuses
 * a choice with none ticked).
 */
function mayChange(request: Request): boolean {
  return request.method !== "GET" && request.method !== "HEAD" && !NOT_A_CHANGE.has(new URL(request.url).pathname);
}
