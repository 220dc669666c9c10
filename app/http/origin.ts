/**
 * Whether a browser's `Origin` names the host a request was sent to (its `Host`), compared as URL
 * parsing compares them: case and the scheme's default port aside ("https://Hub.example" is
 * "hub.example:443"). The scheme itself is not compared: TLS often ends at a proxy, and the
 * request then arrives as plain HTTP. An origin that is no URL ("null", from a sandboxed frame or
 * a file) names no host.
 */
export function originNamesHost(origin: string, host: string | undefined): boolean {
  const from = URL.parse(origin);
  // A Host is a name and a port: anything that would make it a path or a user is not one.
  if (!from?.host || !host || /[/?#@\\\s]/.test(host)) return false;
  return URL.parse(`${from.protocol}//${host}`)?.host === from.host;
}

/**
 * Whether the browser says another site's page started this request (`Sec-Fetch-Site`:
 * `cross-site` or `same-site`). For a GET that matters where the session rides along: a link
 * followed from another site is a top-level navigation, which `SameSite=Lax` lets the session
 * cookie join. A browser too old to send the header is not refused on its account; a request
 * typed into the address bar (`none`) is the seller's own.
 */
export function startedByAnotherSite(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "cross-site" || site === "same-site";
}
