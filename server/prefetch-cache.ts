/**
 * A page's data fetched ahead on intent (`<link rel="prefetch">`, which Chromium marks with
 * `Sec-Purpose: prefetch`) is kept by the browser for a few seconds, so that the click which
 * follows takes it from the HTTP cache instead of asking again (decision 061). Nothing else is
 * cacheable: without this, every prefetched answer was fetched a second time on the click.
 */
export const PREFETCH_FRESH_SECONDS = 5;

export function keepPrefetchBriefly(request: Request, response: Response): Response {
  const prefetch = /\bprefetch\b/i.test(request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "");
  if (!prefetch || request.method !== "GET" || response.status !== 200 || response.headers.has("Cache-Control"))
    return response;
  const headers = new Headers(response.headers);
  // private: the seller's own data, never in a shared cache.
  headers.set("Cache-Control", `private, max-age=${PREFETCH_FRESH_SECONDS}`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
