import { describe, expect, it } from "vitest";
import { serverWithSignedInSeller } from "../test/signed-in-server";

/*
 * A language's catalogue as the server answers it: the file the sign-in page names (a visitor
 * without a session loads it too), cached for good, and what a page of an earlier release gets.
 */
describe("/catalogues/", () => {
  const hub = serverWithSignedInSeller();

  async function namedBy(path: string, headers: Record<string, string> = {}): Promise<string> {
    const html = await (await fetch(`${hub.url()}${path}`, { headers })).text();
    const url = /<link [^>]*href="(\/catalogues\/[^"]+)"[^>]*id="hub-catalogue"/.exec(html)?.[1];
    expect(url, `${path} names its catalogue`).toBeDefined();
    return url!;
  }

  it("sends the file a page names, compressed, cached for good, to a visitor without a session", async () => {
    const url = await namedBy("/signin", { "Accept-Language": "de-DE" });
    expect(url).toMatch(/^\/catalogues\/de-DE\.[0-9a-f]{10}\.js$/);
    const response = await fetch(`${hub.url()}${url}`, { headers: { "Accept-Encoding": "br" } });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "text/javascript; charset=utf-8",
      "content-encoding": "br",
      "cache-control": "public, max-age=31536000, immutable",
      vary: "Accept-Encoding",
    });
    expect(response.headers.get("set-cookie")).toBeNull();
    // fetch decodes the brotli it was sent.
    const body = await response.text();
    expect(body).toMatch(/^export default JSON\.parse\(/);
    expect(body).toContain("Wer was geändert hat");

    const head = await fetch(`${hub.url()}${url}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("answers a page of another release with this one's file, not to be kept, and refuses any other name", async () => {
    const url = await namedBy("/sh/ovw", { Cookie: hub.session() });
    const current = await (await fetch(`${hub.url()}${url}`)).text();
    // Not a redirect: two releases answering in turn would send the browser back and forth.
    const other = await fetch(`${hub.url()}${url.replace(/\.[0-9a-f]{10}\./, ".0123456789.")}`, {
      redirect: "manual",
    });
    expect(other.status).toBe(200);
    expect(other.headers.get("cache-control")).toBe("no-store");
    expect(await other.text()).toBe(current);
    for (const name of [
      "xx-YY.0123456789.js",
      "en-XA.0123456789.js",
      "en-US.js",
      "..%2Froot.tsx",
      "en-US.0123456789.js.map",
    ]) {
      const refused = await fetch(`${hub.url()}/catalogues/${name}`);
      expect(refused.status, name).toBe(404);
      expect(refused.headers.get("cache-control"), name).toBe("no-store");
    }
  });
});
