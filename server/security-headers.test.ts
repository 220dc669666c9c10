import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  signInOverHttp,
  signInSetCookie,
  sendRawRequest,
  startServerProcess,
  temporarySqliteUrl,
  type ServerProcess,
} from "../test/server-process";
import { sampleBeacon } from "../test/speed-beacons";
import { CHANGE_MARK_COOKIE } from "./prefetch-cache";

/** Headers as a browser receives them, from the production server. */
describe("security headers", () => {
  let server: ServerProcess;
  let session: string;

  beforeAll(async () => {
    server = await startServerProcess(temporarySqliteUrl(), { TRUST_PROXY: "true" });
    session = await signInOverHttp(server.url);
  }, 60_000);
  afterAll(() => server?.stop());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers: { Cookie: session, ...headers }, redirect: "manual" });

  it("every page gets a CSP whose nonce is on every script and that allows no inline code without it", async () => {
    const page = await get("/sh/ovw");
    const csp = page.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("unsafe-inline");
    const html = await page.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html).not.toMatch(/\sstyle="/);
  });

  it("gives each response its own nonce", async () => {
    const nonces = await Promise.all(
      [get("/signin"), get("/signin")].map(
        async (response) => /'nonce-([^']+)'/.exec((await response).headers.get("content-security-policy") ?? "")?.[1],
      ),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("counts a message's view only for the hub's own image, and sends a person who followed a link there to the overview", async () => {
    const view = "/sh/messages/no-such-message/view";
    const elsewhere = await get(view, { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "image" });
    expect(elsewhere.status).toBe(403);
    expect(await elsewhere.text()).toBe("A message’s views are counted only from Seller Hub’s own pages.");
    for (const site of ["cross-site", "same-origin"]) {
      const followed = await get(view, { "Sec-Fetch-Site": site, "Sec-Fetch-Dest": "document" });
      expect([followed.status, followed.headers.get("location")]).toEqual([303, "/sh/ovw"]);
      expect(followed.headers.get("cache-control")).toBe("no-store");
    }
    // The hub's own image, and a browser too old to say who asked, get as far as the message, which this one is not.
    expect((await get(view, { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "image" })).status).toBe(404);
    expect((await get(view)).status).toBe(404);
  });

  it("lets only the product summary be framed, and only by the hub", async () => {
    expect((await get("/sh/prod-summary")).headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    const overview = await get("/sh/ovw");
    expect(overview.headers.get("x-frame-options")).toBe("DENY");
  });

  it("forbids sniffing and limits the referrer on every answer, assets and errors included", async () => {
    for (const path of ["/sh/ovw", "/favicon.svg", "/healthz", "/no-such-page"]) {
      const response = await get(path);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
  });

  it("over https (through a trusted proxy) adds HSTS and makes the session cookie Secure", async () => {
    expect((await get("/sh/ovw")).headers.get("strict-transport-security")).toBeNull();
    expect((await get("/sh/ovw", { "X-Forwarded-Proto": "https" })).headers.get("strict-transport-security")).toMatch(
      /max-age=\d+/,
    );
    const overHttps = { "X-Forwarded-Proto": "https" };
    expect(await signInSetCookie(server.url, "demo", "sellerhub", overHttps)).toMatch(/; Secure/);
    expect(await signInSetCookie(server.url)).not.toMatch(/Secure/);
  });

  it("lets no browser keep a signed-in answer, and empties the cache at sign-out", async () => {
    // Without this, Sign out then Back showed the listings, the seller's name and payout details from the cache.
    for (const path of ["/sh/ovw", "/sh/lst/active", "/sh/ovw.data", "/signin"])
      expect((await get(path)).headers.get("cache-control"), path).toBe("no-store");
    const prefetched = await get("/sh/lst/active.data", { "Sec-Purpose": "prefetch" });
    expect(prefetched.headers.get("cache-control")).toBe("private, max-age=5");
    const own = await signInOverHttp(server.url);
    const page = await (await fetch(`${server.url}/sh/ovw`, { headers: { Cookie: own } })).text();
    const srt = /name="srt" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const signedOut = await fetch(`${server.url}/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: own, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ srt }),
    });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("clear-site-data")).toBe('"cache"');
  });

  it("keeps a page fetched ahead only until the seller's next change: each request that may change something sets the change mark anew", async () => {
    const prefetched = await get("/sh/lst/active.data", { "Sec-Purpose": "prefetch" });
    // Kept by the cookies it was asked with: once the mark differs, the browser asks the server again.
    expect(prefetched.headers.get("vary")).toMatch(/\bCookie\b/);
    expect((await get("/sh/lst/active.data")).headers.get("vary") ?? "").not.toMatch(/\bCookie\b/);
    const page = await (await get("/sh/ovw")).text();
    const srt = /name="srt" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const choose = (form: Record<string, string>) =>
      fetch(`${server.url}/sh/appearance`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Cookie: session,
          "Content-Type": "application/x-www-form-urlencoded",
          "Sec-Fetch-Site": "same-origin",
        },
        body: new URLSearchParams(form),
      });
    const marks = async (response: Response) =>
      response.headers.getSetCookie().filter((cookie) => cookie.startsWith(`${CHANGE_MARK_COOKIE}=`));
    const [first] = await marks(await choose({ srt, appearance: "dark" }));
    const [second] = await marks(await choose({ srt, appearance: "system" }));
    expect(first).toMatch(/; HttpOnly/);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    // A refusal too (it can follow part of a change); a page view's measurements are no change to the seller's data.
    const refused = await choose({ appearance: "dark" });
    expect(refused.status).toBe(403);
    expect(await marks(refused)).toHaveLength(1);
    const beacon = await fetch(`${server.url}/sh/beacon`, {
      method: "POST",
      headers: { Cookie: session, "Content-Type": "text/plain;charset=UTF-8", "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify(sampleBeacon()),
    });
    expect(beacon.status).toBe(204);
    expect(await marks(beacon)).toEqual([]);
  });

  it("asks for no powerful feature and keeps the hub's answers to itself", async () => {
    for (const path of ["/sh/ovw", "/favicon.svg", "/signin"]) {
      const response = await get(path);
      expect(response.headers.get("permissions-policy"), path).toContain("camera=()");
      expect(response.headers.get("cross-origin-resource-policy"), path).toBe("same-origin");
    }
  });

  it("reads the scheme from the proxy in one way, for HSTS and the cookie alike", async () => {
    const shouting = { "X-Forwarded-Proto": "HTTPS" };
    expect((await get("/sh/ovw", shouting)).headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(await signInSetCookie(server.url, "demo", "sellerhub", shouting)).toMatch(/; Secure/);
    // Forwarded is not read: HSTS and the cookie must never disagree.
    const forwarded = { Forwarded: "proto=https" };
    expect((await get("/sh/ovw", forwarded)).headers.get("strict-transport-security")).toBeNull();
    expect(await signInSetCookie(server.url, "demo", "sellerhub", forwarded)).not.toMatch(/Secure/);
  });

  /** The status line of a raw request: two Host headers cannot be sent by fetch. */
  const rawStatus = async (request: string) => (await sendRawRequest(server.url, request)).split("\r\n")[0] ?? "";

  it("renders the page the request line names, whatever the Host header says", async () => {
    // The framing rules follow the request line: a Host with a path must not make the router render another page.
    expect(
      await rawStatus("GET /sh/prod-summary HTTP/1.1\r\nHost: localhost/sh/ovw?\r\nConnection: close\r\n\r\n"),
    ).toMatch(/^HTTP\/1\.1 400/);
    expect(
      await rawStatus("GET /healthz HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\nConnection: close\r\n\r\n"),
    ).toMatch(/^HTTP\/1\.1 400/);
    expect(await rawStatus("GET /healthz HTTP/1.1\r\nHost: localhost:80\r\nConnection: close\r\n\r\n")).toMatch(
      /^HTTP\/1\.1 200/,
    );
  });

  it("sends its security headers with the refusal of a Host it cannot route, as with every answer", async () => {
    const answer = await sendRawRequest(
      server.url,
      "GET /sh/ovw HTTP/1.1\r\nHost: localhost/sh/ovw?\r\nConnection: close\r\n\r\n",
    );
    const head = answer.split("\r\n\r\n")[0] ?? "";
    expect(head).toMatch(/^HTTP\/1\.1 400/);
    expect(head).toMatch(/^content-security-policy: .*frame-ancestors 'none'/im);
    expect(head).toMatch(/^x-content-type-options: nosniff$/im);
  });

  it("ends the old session when the seller signs in again over it", async () => {
    const first = await signInOverHttp(server.url);
    expect((await fetch(`${server.url}/sh/ovw`, { headers: { Cookie: first }, redirect: "manual" })).status).toBe(200);
    // The sign-in form as a browser holding that session posts it: the form's token cookie beside the session's.
    const form = await fetch(`${server.url}/signin`);
    const tokenCookie = (form.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const srt = /name="srt" value="([^"]+)"/.exec(await form.text())?.[1] ?? "";
    const again = await fetch(`${server.url}/signin`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `${tokenCookie}; ${first}` },
      body: new URLSearchParams({ username: "demo", password: "sellerhub", srt }),
    });
    expect(again.status).toBe(302);
    expect((await fetch(`${server.url}/sh/ovw`, { headers: { Cookie: first }, redirect: "manual" })).status).toBe(302);
  });

  it("refuses a state change from another site, even with the session's token", async () => {
    const own = await signInOverHttp(server.url);
    const page = await (await fetch(`${server.url}/sh/ovw`, { headers: { Cookie: own } })).text();
    const srt = /name="srt" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const signOut = (headers: Record<string, string>) =>
      fetch(`${server.url}/signout`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: own, "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ srt }),
      });
    expect((await signOut({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await signOut({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await fetch(`${server.url}/sh/ovw`, { headers: { Cookie: own }, redirect: "manual" })).status).toBe(200);
    expect((await signOut({ Origin: new URL(server.url).origin, "Sec-Fetch-Site": "same-origin" })).status).toBe(302);
  });

  it("sends the anti-forgery token with other bytes in every page, and takes each of them (BREACH)", async () => {
    const own = await signInOverHttp(server.url);
    const tokenOf = async () =>
      /name="srt" value="([^"]+)"/.exec(
        await (await fetch(`${server.url}/sh/ovw`, { headers: { Cookie: own } })).text(),
      )?.[1];
    const [first, second] = [await tokenOf(), await tokenOf()];
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);
    const closeNotice = (srt: string) =>
      fetch(`${server.url}/sh/browser-notice/close`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: own, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ srt, returnTo: "/sh/ovw" }),
      });
    for (const srt of [first, second]) expect((await closeNotice(srt as string)).status).toBe(303);
  });

  it("lets a seller sign in from a browser they used before while strangers' guesses lock the account for others", async () => {
    const account = "silver-shooting-star";
    /** A sign-in through the form from `address`, with the browser's cookies; its status and the cookies it set. */
    const signInFrom = async (address: string, password: string, browserCookies = "") => {
      const headers = { "X-Forwarded-For": address };
      const form = await fetch(`${server.url}/signin`, { headers });
      const tokenCookie = (form.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      const srt = /name="srt" value="([^"]+)"/.exec(await form.text())?.[1] ?? "";
      const answer = await fetch(`${server.url}/signin`, {
        method: "POST",
        redirect: "manual",
        headers: {
          ...headers,
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: [tokenCookie, browserCookies].filter(Boolean).join("; "),
        },
        body: new URLSearchParams({ username: account, password, srt }),
      });
      return { status: answer.status, cookies: answer.headers.getSetCookie().map((cookie) => cookie.split(";")[0]) };
    };
    const first = await signInFrom("192.0.2.50", "sellerhub");
    expect(first.status).toBe(302);
    const knownBrowser = first.cookies.find((cookie) => cookie?.startsWith("sh_known_browser=")) as string;
    expect(knownBrowser).toBeTruthy();

    for (let guess = 0; guess < 5; guess++) await signInFrom(`198.51.100.${guess + 1}`, "wrong-password");
    expect((await signInFrom("203.0.113.7", "sellerhub")).status).toBe(429);
    expect((await signInFrom("192.0.2.51", "sellerhub", knownBrowser)).status).toBe(302);
  });

  it("keeps the session cookie away from scripts and other sites", async () => {
    const cookie = await signInSetCookie(server.url);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });
});
