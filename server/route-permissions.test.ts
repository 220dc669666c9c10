import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillRoute, findRouteParams, ROUTE_TABLE, signedInClient, type SignedInClient } from "../test/route-table";
import { signInOverHttp, startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process";
import { may, OPEN_ROUTES, permissionFor } from "~/team/policy";
import { ROLES, type Role } from "~/team/roles";

/*
 * Every address of the route table, for every role, GET and POST, against the running server: the
 * policy's answer is what the member gets (decision 086). Taken from the route table, so a new
 * route is asked without being listed, and one the policy does not name is refused to every role.
 * A refusal is told apart from the hub's other 403s (a missing anti-forgery token) by its reason.
 */

const GUARDED = ROUTE_TABLE.map(({ path }) => path)
  .filter((path) => !(OPEN_ROUTES as readonly string[]).includes(path))
  // Signing out ends the session the rest use: last.
  .sort((a, b) => Number(a === "/signout") - Number(b === "/signout"));

const REFUSED = "of this account, you cannot";

describe("what each role may do, address by address", () => {
  let server: ServerProcess;
  let owner: SignedInClient;
  let params: Record<string, string>;

  beforeAll(async () => {
    server = await startServerProcess(temporarySqliteUrl());
    owner = signedInClient(() => server.url, await signInOverHttp(server.url));
    params = await findRouteParams(owner);
  }, 60_000);
  afterAll(() => server?.stop());

  // The demo account's team: its owner, demo-manager and demo-viewer.
  const clientOf = async (role: Role) =>
    role === "owner" ? owner : signedInClient(() => server.url, await signInOverHttp(server.url, `demo-${role}`));

  it("knows every address of the route table: none is left to chance", () => {
    for (const path of GUARDED) expect(permissionFor(path, "GET"), path).toBeDefined();
  });

  it("refuses a page inside the hub, a file with the reason alone, and a HEAD with no body", async () => {
    const cookie = await signInOverHttp(server.url, "demo-viewer");
    const viewer = signedInClient(() => server.url, cookie);
    const refusedPage = await viewer.get("/sh/lst/import");
    expect(refusedPage.status).toBe(403);
    expect(refusedPage.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await refusedPage.text();
    expect(html).toContain("As a viewer of this account, you cannot bring in prices or quantities from a file.");
    // The shell's main landmark around the reason, not the bare error page.
    expect(html).toContain('id="main-content"');
    expect(html).not.toContain('class="error-page"');

    const plain = "text/plain; charset=utf-8";
    const file = await viewer.get("/sh/activity/export");
    expect([file.status, file.headers.get("Content-Type")]).toEqual([403, plain]);
    expect(await file.text()).toBe(
      "As a viewer of this account, you cannot see its activity. The account’s owner can change your role.",
    );
    // A HEAD is refused as its GET, with no body.
    const head = await fetch(`${server.url}/sh/lst/import`, { method: "HEAD", headers: { Cookie: cookie } });
    expect([head.status, await head.text()]).toEqual([403, ""]);
  });

  // The owner last: their changes (switching tools, signing out) would stand in the way of the others.
  it.each([...ROLES].reverse())("answers the %s at every address as the policy says", async (role) => {
    const client = await clientOf(role);
    const srt = await client.srt();
    const answers: string[] = [];
    const expected: string[] = [];
    for (const pattern of GUARDED) {
      const path = fillRoute(pattern, params);
      const read = await client.get(path);
      const readBody = await read.text();
      expect(read.status, `GET ${pattern}`).toBeLessThan(500);
      answers.push(`GET ${pattern}: ${read.status === 403 && readBody.includes(REFUSED) ? "refused" : "allowed"}`);
      expected.push(
        `GET ${pattern}: ${may(role, permissionFor(pattern, "GET") ?? "team:manage") ? "allowed" : "refused"}`,
      );

      const change = await client.post(path, new URLSearchParams({ srt }).toString());
      const changeBody = await change.text();
      expect(change.status, `POST ${pattern}`).toBeLessThan(500);
      answers.push(`POST ${pattern}: ${change.status === 403 && changeBody.includes(REFUSED) ? "refused" : "allowed"}`);
      expected.push(
        `POST ${pattern}: ${may(role, permissionFor(pattern, "POST") ?? "team:manage") ? "allowed" : "refused"}`,
      );
    }
    expect(answers).toEqual(expected);
    // Not a policy that allows everything, nor one that refuses everything: the owner is refused
    // nothing, the others something.
    const refusals = answers.filter((answer) => answer.endsWith("refused")).length;
    expect({ refused: refusals > 0, allowed: refusals < answers.length }).toEqual({
      refused: role !== "owner",
      allowed: true,
    });
  });
});
