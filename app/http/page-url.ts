/**
 * The URL of the page a loader serves. On client-side navigations React Router fetches
 * `/path.data?_routes=…`, and loaders see that URL as it came.
 */
export function pageUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return url;
}
