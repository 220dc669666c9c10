import { describe, expect, it } from "vitest";
import { fillRoute, ROUTE_TABLE } from "../test/route-table";
import { serverWithSignedInSeller } from "../test/signed-in-server";

/*
 * Every address of the hub asks a visitor without a session to sign in, and gives nothing of a
 * seller's away: the pages, the export's file, the actions. Taken from the route table, so a new
 * route is covered without being listed. The session of the server's signed-in seller is never sent.
 */

/** Addresses that answer without a session, each for its reason. */
const OPEN_TO_ALL: Record<string, string> = {
  "/": "sends the visitor to the overview or to sign-in",
  "/signin": "the sign-in page",
  "/signout": "ends a session, if there is one",
  "/healthz": "the load balancer's health check",
  "/catalogues/:file": "each language's texts, which the sign-in page loads too",
  "/sh/beacon": "site-speed beacons arrive from every page, the sign-in page too",
  "/sh/prod-summary": "the framed product summary checks its own signed link",
  "/sh/optin": "the way back from the opt-out, which answers without a session",
  "/invitation/:token": "an invitation's link, for someone who has no account yet",
};

const GUARDED = ROUTE_TABLE.filter(({ path }) => !(path in OPEN_TO_ALL));
// Values that would be real for a seller: the guard must answer before anything looks them up.
const values = { listingId: "1", changeId: "AAAAAAAAAAAAAAAAAAAAAA", messageId: "1", "*": "no-such-page" };

describe("signed out", () => {
  const hub = serverWithSignedInSeller();

  it("the route table has addresses to guard, the export among them", () => {
    expect(GUARDED.map(({ path }) => path)).toContain("/sh/lst/export");
  });

  it.each(GUARDED.map(({ path }) => path))("GET %s sends the visitor to sign in and back", async (pattern) => {
    const path = fillRoute(pattern, values);
    const response = await fetch(`${hub.url()}${path}?sort=price`, { redirect: "manual" });
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    const destination = new URL(response.headers.get("location") ?? "", hub.url());
    expect(destination.pathname).toBe("/signin");
    expect(destination.searchParams.get("redirectTo")).toBe(`${path}?sort=price`);
    expect(response.headers.get("content-disposition")).toBeNull();
  });

  it.each(GUARDED.map(({ path }) => path))("POST %s changes nothing and asks to sign in", async (pattern) => {
    const response = await fetch(`${hub.url()}${fillRoute(pattern, values)}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "all", kind: "raise_percent", amount: "5" }),
    });
    const destination = new URL(response.headers.get("location") ?? "/no-redirect", hub.url());
    expect({ status: response.status, to: destination.pathname }).toEqual({
      status: expect.toSatisfy((status: number) => status >= 300 && status < 400 && status !== 304),
      to: "/signin",
    });
  });
});
