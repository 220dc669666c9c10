import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp, startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process";
import { findChromium } from "./ensure-chromium";

/** `npm run dev`: the same server as production, with Vite serving the modules. */
describe("npm run dev", () => {
  let server: ServerProcess;
  const hmrPort = String(20_000 + Math.floor(Math.random() * 20_000));

  beforeAll(async () => {
    server = await startServerProcess(temporarySqliteUrl(), { HMR_PORT: hmrPort }, "scripts/dev.ts");
  }, 90_000);
  afterAll(() => server?.stop());

  it("answers /healthz", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("renders /signin from the sources, with the production headers: a CSP nonce on every script, hot updates its one addition", async () => {
    const response = await fetch(`${server.url}/signin`);
    expect(response.status).toBe(200);
    const policy = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(policy).toContain(`connect-src 'self' ws://localhost:${hmrPort}`);
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    const html = await response.text();
    expect(html).toContain("Sign in to Seller Hub");
    // Modules come from the sources through Vite, not from a build.
    expect(html).toContain("virtual:react-router/inject-hmr-runtime");
    expect(html).toContain(`import("/app/entry.client.tsx")`);
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  // Development is where React reports what production keeps quiet: a page whose server HTML
  // and first client render differ is not patched up, in either.
  it("hydrates pages in the browser without an error from React", async () => {
    const session = await signInOverHttp(server.url);
    const [name, value] = [session.slice(0, session.indexOf("=")), session.slice(session.indexOf("=") + 1)];
    const browser = await chromium.launch({ executablePath: findChromium(), args: ["--no-sandbox", "--disable-gpu"] });
    try {
      const context = await browser.newContext();
      await context.addCookies([{ name, value, url: server.url }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (message) => message.type() === "error" && errors.push(message.text().slice(0, 300)));
      page.on("pageerror", (error) => errors.push(error.message));
      for (const path of ["/sh/ovw", "/sh/lst/active"]) {
        await page.goto(`${server.url}${path}`);
        await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
      }
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);

  it("serves a module of the app as Vite transforms it", async () => {
    const response = await fetch(`${server.url}/app/root.tsx`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/javascript/);
  });
});
