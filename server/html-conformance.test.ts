import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillRoute, findRouteParams, ROUTE_TABLE, signedInClient, type SignedInClient } from "../test/route-table";
import { signInOverHttp, startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process";

/*
 * Every page the hub renders, as the browser receives it, checked by the W3C's Nu HTML Checker
 * (npm vnu-jar, run by Debian's Java): the pages of the route table with real parameters, the
 * search's results, the framed product summary, the sign-in page and the page for an unknown
 * address. A duplicate id (the header's search form was once sent twice) or a stray element
 * fails it, with the checker's own message.
 */

const java = spawnSync("java", ["-version"]).status === 0 ? "java" : undefined;
// CI (`CI=true bash .ci/run`) runs it always: a machine without Java fails there rather than skip it unseen.
if (!java && process.env.CI) throw new Error("CI runs the Nu HTML Checker, which needs Java (Debian: default-jre).");
if (!java)
  console.info("HTML conformance check skipped: no Java here to run the Nu HTML Checker (Debian: default-jre).");

interface CheckerMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

describe.runIf(java)("every page's HTML, by the Nu HTML Checker", () => {
  let server: ServerProcess;
  let client: SignedInClient;
  const folder = mkdtempSync(join(tmpdir(), "seller-hub-html-"));

  beforeAll(async () => {
    server = await startServerProcess(temporarySqliteUrl());
    client = signedInClient(() => server.url, await signInOverHttp(server.url));
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("finds no error on any of them", async () => {
    const params = await findRouteParams(client);
    const listing = await (await client.get(`/sh/lst/${params.listingId}`)).text();
    const frame = /<iframe[^>]+src="([^"]+)"/.exec(listing)?.[1]?.replaceAll("&amp;", "&");
    expect(frame, "the listing page frames its product summary").toBeDefined();
    const paths = [
      ...new Set([
        ...ROUTE_TABLE.map((route) => fillRoute(route.path, params)),
        "/sh/search?q=lamp",
        "/sh/lst/active?status=all&sort=price_desc",
        frame as string,
      ]),
    ];

    const files: Record<string, string> = {};
    const save = async (path: string, response: Response) => {
      const html = await response.text();
      if (!(response.headers.get("content-type") ?? "").includes("text/html")) return;
      const file = join(folder, `page-${Object.keys(files).length}.html`);
      writeFileSync(file, html);
      files[`file:${file}`] = `${path} (${response.status})`;
    };
    for (const path of paths) await save(path, await client.get(path));
    await save("/signin, signed out", await fetch(`${server.url}/signin`));
    expect(Object.values(files).length, "pages checked").toBeGreaterThanOrEqual(10);

    const jar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
    const checked = spawnSync(
      java as string,
      ["-jar", jar, "--format", "json", "--errors-only", ...Object.keys(files).map((url) => url.slice(5))],
      { encoding: "utf8" },
    );
    const messages = (JSON.parse(checked.stderr) as { messages: CheckerMessage[] }).messages;
    const errors = messages.map(
      (message) =>
        `${files[message.url] ?? message.url} line ${message.lastLine}: ${message.message} ${message.extract ?? ""}`,
    );
    expect(errors).toEqual([]);
  }, 120_000);
});
