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
 */
export const PREFETCH_FRESH_SECONDS = 5;

export function setPageCaching(request: Request, response: Response): Response {
  if (response.headers.has("Cache-Control")) return response;
  const prefetch = /\bprefetch\b/i.test(request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "");
  const headers = new Headers(response.headers);
  headers.set(
    "Cache-Control",
    prefetch && request.method === "GET" && response.status === 200
      ? // private: the seller's own data, never in a shared cache.
        `private, max-age=${PREFETCH_FRESH_SECONDS}`
      : "no-store",
  );
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
