import type { IncomingMessage } from "node:http";

/**
 * Where a request came from and which address it names, read once, for everything: the security
 * headers, the router's URL, the session cookie's Secure flag and the limits per client address.
 *
 * Behind reverse proxies that terminate TLS, the hub learns the scheme and the client's address
 * only from their `X-Forwarded-Proto` and `X-Forwarded-For`, believed only as far as the operator
 * says (`TRUST_PROXY`: how many proxies stand in front). Each proxy appends the address it was
 * reached from, so the client is the entry that many places from the right: entries further left
 * are whatever the client itself sent. `Forwarded` and `X-Forwarded-Host` are never read: one
 * header for each fact, so two readings can never disagree.
 */
export interface RequestFacts {
  /** The URL the request names: scheme, the Host header, and the request line's path. */
  url: URL;
  clientAddress: string;
}

/** A request whose Host cannot be one, or that has two: answered 400, never routed. */
export class UnroutableRequest extends Error {}

/** How many proxies TRUST_PROXY says stand in front: `true` is one, a whole number is that many; unset is none. */
export function trustedProxiesSetting(value: string | undefined): number {
  if (value === undefined || value === "" || value === "false") return 0;
  if (value === "true") return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  throw new Error(`TRUST_PROXY must be true, false or the number of proxies in front of the hub; it is ${value}.`);
}

/** The entry `hops` places from the right of a comma-separated header, or the leftmost if there are fewer. */
function appendedBy(header: string | string[] | undefined, hops: number): string | undefined {
  const entries = [header ?? ""]
    .flat()
    .join(",")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.at(Math.max(0, entries.length - hops));
}

export function requestFacts(request: IncomingMessage, trustedProxies: number): RequestFacts {
  const hostHeaders = request.rawHeaders.filter((name, index) => index % 2 === 0 && name.toLowerCase() === "host");
  if (hostHeaders.length > 1) throw new UnroutableRequest("Two Host headers");
  const host = request.headers.host ?? "localhost";
  const forwardedProto =
    trustedProxies > 0 ? appendedBy(request.headers["x-forwarded-proto"], trustedProxies) : undefined;
  const scheme = forwardedProto?.toLowerCase() === "https" ? "https" : "http";
  const origin = URL.parse(`${scheme}://${host}`);
  // Only a host and a port: a Host holding a path, a query or credentials would change the page routed.
  if (!origin || origin.pathname !== "/" || origin.search || origin.hash || origin.username || origin.password)
    throw new UnroutableRequest("Not a host");
  // The router joins the request line to the host as it is: a line in absolute form or `*` would
  // route elsewhere than the headers were chosen for.
  if (!request.url?.startsWith("/")) throw new UnroutableRequest("Not a path");
  const path = request.url;
  const socketAddress = request.socket.remoteAddress ?? "unknown";
  const forwardedFor = trustedProxies > 0 ? appendedBy(request.headers["x-forwarded-for"], trustedProxies) : undefined;
  // Joined, not resolved: a request line of `//other.example/` is a path here, never another host.
  return { url: new URL(`${origin.origin}${path}`), clientAddress: forwardedFor || socketAddress };
}
