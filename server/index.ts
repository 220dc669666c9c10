import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequest, sendResponse } from "@remix-run/node-fetch-server";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import * as build from "virtual:react-router/server-build";
import { isDatabaseReachable, openDatabase, type Database } from "~/db/database.server";
import { originNamesHost } from "~/http/origin";
import { seedDemoDataIfEmpty } from "~/db/seed.server";
import { RequestTimings, timeRequest, withServerTiming } from "~/http/server-timing.server";
import { startHousekeeping } from "~/housekeeping/housekeeping.server";
import { speedBeaconRetentionDays } from "~/housekeeping/retention-setting";
import { daysInMemoryBytes } from "~/site-speed/days-in-memory.server";
import { clientAddressContext, databaseContext, nonceContext } from "~/request-context";
import { compressResponse } from "./compress-response";
import { observeResponse, watchDatabase } from "./metrics";
import { setPageCaching } from "./prefetch-cache";
import { setSecurityHeaders } from "./security-headers";
import { requestFacts, UnroutableRequest, type RequestFacts } from "./proxy";
import { createStaticAssets } from "./static-assets";
import { temporarilyUnavailable } from "./temporarily-unavailable";

export interface SellerHubOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Defaults to DATABASE_URL, then the embedded SQLite file. */
  databaseUrl?: string;
  /** The client build (build/client). */
  clientDirectory: string;
  /** Fill an empty database with the demo seller and their listings. */
  seedDemoData?: boolean;
  /** How many reverse proxies stand in front, whose X-Forwarded-Proto and X-Forwarded-For are believed (TRUST_PROXY; server/proxy.ts). */
  trustedProxies?: number;
  /** Days speed beacons are kept; defaults to SPEED_BEACON_RETENTION_DAYS, then 7. */
  speedBeaconRetentionDays?: number;
  /**
   * `npm run dev`: Vite in middleware mode serves the modules, each request renders with the
   * routes as they are now, and the browser takes hot updates from the `hotUpdates` socket;
   * everything else is this same server (decision record 016).
   */
  development?: { vite: ViteDevServer; hotUpdates: string };
}

export interface RunningSellerHub {
  url: string;
  database: Database;
  /** Stops accepting connections, lets in-flight requests finish and a housekeeping sweep end, closes the database. */
  close(): Promise<void>;
}

export async function startSellerHub(options: SellerHubOptions): Promise<RunningSellerHub> {
  // A bad setting stops the hub before it serves, not at the first dashboard view (scripts/serve.ts
  // checks it before any worker starts; tests and `npm run dev` start here).
  daysInMemoryBytes();
  const database = await openDatabase(options.databaseUrl);
  if (options.seedDemoData !== false) await seedDemoDataIfEmpty(database);

  watchDatabase(database);
  const serveStaticAsset = createStaticAssets(options.clientDirectory);
  const trustedProxies = options.trustedProxies ?? 0;
  const vite = options.development?.vite;
  const handlePage = vite
    ? createRequestHandler(
        () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
        "development",
      )
    : createRequestHandler(build, process.env.NODE_ENV === "development" ? "development" : "production");

  /** Renders a page; an error while the database is unreachable becomes a 503 that says so. */
  async function renderPage(request: Request, nonce: string, clientAddress: string): Promise<Response> {
    const context = new RouterContextProvider();
    context.set(databaseContext, database);
    context.set(nonceContext, nonce);
    context.set(clientAddressContext, clientAddress);
    const timings = new RequestTimings();
    let response: Response;
    try {
      response = await timeRequest(timings, () => handlePage(request, context));
    } catch (error) {
      console.error(error);
      response = new Response("Internal server error", { status: 500 });
    }
    if (response.status === 500 && !(await isDatabaseReachable(database))) response = temporarilyUnavailable(request);
    observeResponse(timings.route ?? "unmatched", request.method, response.status, timings.elapsed() / 1000);
    return withServerTiming(response, timings);
  }

  const server = createServer(async (request, response) => {
    try {
      const nonce = randomBytes(16).toString("base64");
      let facts: RequestFacts;
      try {
        facts = requestFacts(request, trustedProxies);
      } catch (error) {
        if (!(error instanceof UnroutableRequest)) throw error;
        // No page of the hub: the strictest policy (that of a path no rule frames), over HTTP as sent.
        setSecurityHeaders(response, nonce, "/", false, options.development);
        response.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end("Bad Host header.");
        return;
      }
      const { url, clientAddress } = facts;
      setSecurityHeaders(response, nonce, url.pathname, url.protocol === "https:", options.development);
      if (vite ? await servedByVite(vite, request, response) : serveStaticAsset(request, response)) return;
      const crossSite = crossSiteStateChange(request, url.host);
      if (crossSite) {
        response.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" }).end(crossSite);
        return;
      }
      const pageRequest = createRequest(request, response, { protocol: url.protocol, host: url.host });
      await sendResponse(
        response,
        compressResponse(pageRequest, setPageCaching(pageRequest, await renderPage(pageRequest, nonce, clientAddress))),
      );
      discardUnreadBody(request, pageRequest);
    } catch (error) {
      // A client that went away mid-response, or a malformed request: never the process's end.
      console.error("Request failed:", error instanceof Error ? error.message : error);
      if (!response.headersSent) response.writeHead(400).end();
      else response.destroy();
    }
  });
  await listen(server, options.port, options.host);
  const housekeeping = startHousekeeping(database, options.speedBeaconRetentionDays ?? speedBeaconRetentionDays());

  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    url: `http://${options.host && options.host !== "0.0.0.0" ? options.host : "localhost"}:${port}`,
    database,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await housekeeping.stop();
      await database.close();
    },
  };
}

/**
 * A state change sent from another site is refused, whatever it carries (the anti-forgery token
 * is the first defence; this is the second, for a token that leaked). Browsers say where a request
 * comes from in `Sec-Fetch-Site`, computed by the browser itself, so no proxy's rewriting of the
 * Host or the scheme can make it wrong; older browsers only in `Origin`, compared by host alone
 * (`originNamesHost`: case and default ports aside) with the host the request is routed by
 * (`requestFacts`'s), since TLS often ends at a proxy. The beacon collector reads them the same
 * way. A request that says neither (a script of the operator's) is left to the token.
 */
function crossSiteStateChange(request: IncomingMessage, host: string): string | undefined {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return undefined;
  const site = request.headers["sec-fetch-site"];
  const origin = request.headers.origin;
  const fromElsewhere =
    site !== undefined
      ? site !== "same-origin" && site !== "none"
      : origin !== undefined && !originNamesHost(origin, host);
  return fromElsewhere ? "This change was sent from another site. Make it from Seller Hub's own pages." : undefined;
}

/**
 * The most of a body left unread by its answer (a refusal such as a 413) that is read and thrown
 * away; a client sending more than this loses the connection instead.
 */
export const MAX_DISCARDED_BODY_BYTES = 8 * 1024 * 1024;

/**
 * After the answer, reads and discards what is left of a request body it did not need. Node's
 * fetch, like many clients, reads no answer until it has sent the whole body: left unread, the
 * body fills the connection, the client stalls, and the keep-alive time-out ends in ECONNRESET
 * instead of the 413 the server sent. The fetch Request's body stream is cancelled first, so that
 * it stops holding the socket paused and buffering what arrives.
 */
function discardUnreadBody(incoming: IncomingMessage, request: Request): void {
  if (incoming.complete) return;
  if (request.body && !request.body.locked) void request.body.cancel().catch(() => undefined);
  let discarded = 0;
  incoming.on("error", () => undefined);
  incoming.on("data", (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > MAX_DISCARDED_BODY_BYTES) incoming.socket.destroy();
  });
  incoming.resume();
}

/** Lets Vite's middlewares answer what is theirs (modules, hot updates, public files); false when none did. */
function servedByVite(vite: ViteDevServer, request: IncomingMessage, response: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    response.once("close", () => resolve(true));
    vite.middlewares(request, response, () => resolve(false));
  });
}

function listen(server: Server, port: number, host?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
}
export * from "./operator-tasks";
export { trustedProxiesSetting } from "./proxy";
