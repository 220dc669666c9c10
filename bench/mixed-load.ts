import { randomBytes, randomInt } from "node:crypto";
import autocannon from "autocannon";
import { serverMemoryMb } from "./server-memory.ts";

/** What a mixed load found: every answer by route and status, and the server's memory around it. */
export interface MixedLoadReport {
  seconds: number;
  requests: number;
  /** Connection errors and time-outs. */
  errors: number;
  /** Answers whose status the route should never give, by "route status". */
  unexpected: Record<string, number>;
  statuses: Record<string, Record<number, number>>;
  rssStartMb: number;
  rssEndMb: number;
}

export interface MixedLoadOptions {
  /** A server started with TRUST_PROXY=true: its beacons come from many addresses. */
  url: string;
  /** Cookie header of a signed-in session. */
  session: string;
  /** The server process, whose memory (with its workers') is read. */
  pid: number;
  seconds: number;
  connections?: number;
}

interface LoadedRoute {
  name: string;
  expected: number[];
  request: autocannon.Request;
}

/**
 * A beacon's headers with the address of one of many sellers, which the server believes when it
 * runs with TRUST_PROXY=true, so that the limits per address are not what is measured. The
 * addresses are from 198.18.0.0/15, kept for benchmarks (RFC 2544).
 */
export function beaconHeaders(headers: autocannon.Request["headers"]): autocannon.Request["headers"] {
  return { ...headers, "X-Forwarded-For": `198.18.${randomInt(256)}.${randomInt(1, 255)}` };
}

/** A beacon as the browser sends it, from a new speed session each time (so the per-session limit is not what is measured). */
export function beaconBody(): string {
  const id = () => randomBytes(12).toString("base64url");
  return JSON.stringify({
    pageName: "sellerHubOverview",
    speedSession: id(),
    pageView: id(),
    sentAfterMs: 1200,
    vitals: { LCP: 640, TTFB: 90, CLS: 0.01 },
    resources: [],
    errors: [],
  });
}

/** The pages and endpoints sellers use most, in one rotation per connection. */
async function loadedRoutes({ url, session }: MixedLoadOptions): Promise<LoadedRoute[]> {
  const overview = await (await fetch(`${url}/sh/ovw`, { headers: { Cookie: session } })).text();
  const listingId = /href="\/sh\/lst\/(\d+)"/.exec(overview)?.[1];
  if (!listingId) throw new Error("The overview lists no listing to load.");
  const page = (path: string, headers: Record<string, string> = {}): autocannon.Request => ({
    method: "GET",
    path,
    headers: { Cookie: session, Accept: "text/html", ...headers },
  });
  return [
    { name: "overview", expected: [200], request: page("/sh/ovw") },
    { name: "listings", expected: [200], request: page("/sh/lst/active?status=active&offset=20") },
    { name: "listing detail", expected: [200], request: page(`/sh/lst/${listingId}`) },
    {
      name: "product summary frame",
      expected: [200],
      request: page(`/sh/prod-summary?listingId=${listingId}`, {
        "Sec-Fetch-Dest": "iframe",
        "Sec-Fetch-Site": "same-origin",
      }),
    },
    {
      name: "beacon",
      expected: [202, 204],
      request: {
        method: "POST",
        path: "/sh/beacon",
        // Without the session: one seller's pages may send 300 a minute (BEACONS_PER_SELLER_PER_MINUTE),
        // and this rate is that of many sellers' browsers, whose sessions the load does not have.
        headers: { "Content-Type": "text/plain;charset=UTF-8", "Sec-Fetch-Site": "same-origin" },
        setupRequest: (request) => ({ ...request, headers: beaconHeaders(request.headers), body: beaconBody() }),
      },
    },
  ];
}

export async function runMixedLoad(options: MixedLoadOptions): Promise<MixedLoadReport> {
  const routes = await loadedRoutes(options);
  const statuses: MixedLoadReport["statuses"] = Object.fromEntries(routes.map(({ name }) => [name, {}]));
  const rssStartMb = serverMemoryMb(options.pid);
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 50,
    duration: options.seconds,
    requests: routes.map(({ name, request }) => ({
      ...request,
      onResponse: (status: number) => {
        const counts = statuses[name] as Record<number, number>;
        counts[status] = (counts[status] ?? 0) + 1;
      },
    })),
  });
  const unexpected: Record<string, number> = {};
  for (const { name, expected } of routes) {
    for (const [status, count] of Object.entries(statuses[name] ?? {})) {
      if (!expected.includes(Number(status))) unexpected[`${name} ${status}`] = count;
    }
  }
  return {
    seconds: options.seconds,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    unexpected,
    statuses,
    rssStartMb,
    rssEndMb: serverMemoryMb(options.pid),
  };
}
