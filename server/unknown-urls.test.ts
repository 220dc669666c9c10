import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process";

/** What a browser asks for on its own, and URLs that name nothing, from the production server. */
describe("the icon and unknown URLs", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess(temporarySqliteUrl());
  }, 60_000);
  afterAll(() => server?.stop());

  it("serves the hub's icon at /favicon.ico, where browsers look for it unasked", async () => {
    const response = await fetch(`${server.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/x-icon");
    const icon = new Uint8Array(await response.arrayBuffer());
    // An icon file: reserved 0, type 1 (icon), at least one image.
    expect([...icon.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(icon[4]).toBeGreaterThan(0);
  });

  it("answers a URL that names nothing with a 404 page and logs nothing", async () => {
    const logged = server.output().length;
    for (const path of ["/no-such-page", "/apple-touch-icon.png", "/wp-login.php", "/.well-known/security.txt"]) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("</html>");
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.output().slice(logged)).toBe("");
  });
});
