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
 * Whether the browser says the hub's own page started this request (`Sec-Fetch-Site:
 * same-origin`). Not a sibling under the same site (`same-site`: another subdomain of the hub's
 * domain), though `SameSite` cookies take it for one, so that even its image carries the session;
 * not another site, whose link is a top-level navigation the `SameSite=Lax` session joins; not an
 * address typed or bookmarked (`none`). An unknown value is refused too. A browser too old to send
 * the header says nothing, and is not refused on its account.
 */
export function startedByHubPage(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  return site === null || site === "same-origin";
}
