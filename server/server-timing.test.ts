import { describe, expect, it } from "vitest";
import { serverWithSignedInSeller } from "../test/signed-in-server";

/** A `Server-Timing` header's metrics by name: each one's duration and description. */
function metricsOf(response: Response): Map<string, { dur: number; desc: string }> {
  const header = response.headers.get("server-timing") ?? "";
  return new Map(
    header
      .split(", ")
      .filter(Boolean)
      .map((metric) => {
        const [name = "", ...parameters] = metric.split(";");
        const fields = Object.fromEntries(parameters.map((parameter) => parameter.split("=")));
        return [name, { dur: Number(fields.dur), desc: String(fields.desc ?? "").replaceAll('"', "") }];
      }),
  );
}

/** Where each response's server time went, as the browser's developer tools and the navigation's `serverTiming` read it. */
describe("Server-Timing on the hub's responses", () => {
  const server = serverWithSignedInSeller();
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url()}${path}`, { headers: { Cookie: server.session(), ...headers }, redirect: "manual" });

  it("a page tells its database time and queries, its loaders, its render and the whole", async () => {
    const page = await get("/sh/lst/active");
    expect(page.status).toBe(200);
    const metrics = metricsOf(page);
    expect([...metrics.keys()]).toEqual(["db", "loaders", "render", "total"]);
    expect(metrics.get("db")?.desc).toMatch(/^Database \([1-9]\d* quer(y|ies)\)$/);
    for (const { dur } of metrics.values()) expect(dur).toBeGreaterThanOrEqual(0);
    const total = metrics.get("total")!.dur;
    // The loaders end before the render begins: both fit in the whole.
    expect(metrics.get("loaders")!.dur + metrics.get("render")!.dur).toBeLessThanOrEqual(total + 0.2);
  });

  it("a data request (an in-app navigation) tells its loaders, and no render", async () => {
    const data = await get("/sh/lst/active.data");
    expect(data.status).toBe(200);
    expect([...metricsOf(data).keys()]).toEqual(["db", "loaders", "total"]);
  });

  it("a form's post tells its action, refused or not", async () => {
    const refused = await fetch(`${server.url()}/sh/appearance`, {
      method: "POST",
      headers: { Cookie: server.session(), "Content-Type": "application/x-www-form-urlencoded" },
      body: "srt=not-the-token&appearance=dark",
      redirect: "manual",
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(metricsOf(refused).has("action")).toBe(true);
  });

  it("tells a signed-out client the whole time only: the sign-in form, and a page that sends it there", async () => {
    const signIn = await fetch(`${server.url()}/signin`);
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get("server-timing")).toMatch(/^total;dur=\d+;desc="Server"$/);
    const signedOut = await fetch(`${server.url()}/sh/ovw`, { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("server-timing")).toMatch(/^total;dur=\d+;desc="Server"$/);
  });
});
