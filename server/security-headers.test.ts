import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  signInOverHttp,
  signInSetCookie,
  startServerProcess,
  temporarySqliteUrl,
  type ServerProcess,
} from "../test/server-process";

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

  it("keeps the session cookie away from scripts and other sites", async () => {
    const cookie = await signInSetCookie(server.url);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });
});
