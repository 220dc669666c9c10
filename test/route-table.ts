import routes from "../app/routes";

/** A route of app/routes.ts as an address pattern (`/sh/lst/:listingId/insights`, `/sh/*`) and its parameters. */
export interface FlatRoute {
  path: string;
  params: string[];
}

interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

function flatten(entries: RouteEntry[], parent = ""): FlatRoute[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? `${parent}/${entry.path}` : parent;
    const here: FlatRoute[] =
      entry.path || entry.index
        ? [{ path: own || "/", params: [...(own.match(/:\w+|\*/g) ?? [])].map((p) => p.replace(":", "")) }]
        : [];
    return [...here, ...flatten(entry.children ?? [], own)];
  });
}

/** Every address of the route table, so that a test over them covers a new route without listing it. */
export const ROUTE_TABLE: readonly FlatRoute[] = flatten(routes as RouteEntry[]);

/** The pattern with each parameter (`:name`, or `*`) replaced by its value, encoded. */
export const fillRoute = (pattern: string, values: Record<string, string>) =>
  pattern.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => encodeURIComponent(values[name ?? whole] ?? ""));

/** How a test reaches a signed-in server: GET and form POST with the session, and its anti-forgery token. */
export interface SignedInClient {
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: string): Promise<Response>;
  /** The session's anti-forgery token, read from a page once a session. */
  srt(): Promise<string>;
  /** Uses another session from now on (a test that signed in again). */
  useSession(cookie: string): void;
}

/** Requests to `baseUrl()` as the session of `cookie`, redirects not followed, so a test sees them. */
export function signedInClient(baseUrl: () => string, cookie: string): SignedInClient {
  let token = "";
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl()}${path}`, { redirect: "manual", headers: { Cookie: cookie, ...headers } });
  return {
    get,
    post: (path, body) =>
      fetch(`${baseUrl()}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body,
      }),
    async srt() {
      token ||= /name="srt" value="([^"]+)"/.exec(await (await get("/sh/ovw")).text())?.[1] ?? "";
      return token;
    },
    useSession(next) {
      cookie = next;
      token = "";
    },
  };
}

/**
 * A real value for each path parameter of the route table, from the demo seller's data: a listing,
 * a preview of a price change (every listing selected), a message, an invitation's link. A new
 * parameter needs one here.
 */
export async function findRouteParams({ get, post, srt }: SignedInClient): Promise<Record<string, string>> {
  const listings = await (await get("/sh/lst/active")).text();
  const listingId = /href="\/sh\/lst\/(\d+)/.exec(listings)?.[1];
  // The page's language's catalogue, as the page names it (app/i18n/catalogue-file.server.ts).
  const file = /href="\/catalogues\/([^"]+)"/.exec(listings)?.[1];
  await post("/sh/lst/active", new URLSearchParams({ intent: "all", srt: await srt() }).toString());
  const preview = await post(
    "/sh/lst/prices",
    new URLSearchParams({ kind: "raise_percent", amount: "5", srt: await srt() }).toString(),
  );
  const changeId = /\/sh\/lst\/prices\/([^/?#]+)/.exec(preview.headers.get("location") ?? "")?.[1];
  if (!listingId || !changeId || !file)
    throw new Error(`No listing (${listingId}), preview (${changeId}) or catalogue (${file}) to use`);
  const invited = await post(
    "/sh/team",
    new URLSearchParams({
      intent: "invite",
      username: `invitee-${Math.random().toString(36).slice(2, 10)}`,
      role: "viewer",
      srt: await srt(),
    }).toString(),
  );
  const token = /\/invitation\/([\w-]{43})/.exec(await invited.text())?.[1];
  if (!token) throw new Error(`No invitation to use (the team page answered ${invited.status})`);
  return { listingId, changeId, messageId: "1", token, file, "*": "no-such-page" };
}
