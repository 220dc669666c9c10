import { describe, expect, it } from "vitest";
import { serverWithSignedInSeller } from "../test/signed-in-server";

/** Targets that pass a test on a string's first characters and still lead a browser elsewhere. */
const HOSTILE_TARGETS = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\\evil.example",
  "\\/evil.example",
  "/.//evil.example",
  "//evil.example",
  "https://evil.example/sh/ovw",
  " //evil.example",
];

/** Every redirect the production server makes from a target a request carries, followed as a browser would. */
describe("redirects stay on the hub", () => {
  const hub = serverWithSignedInSeller();

  function expectOnTheHub(response: Response) {
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    const destination = new URL(response.headers.get("location") ?? "", hub.url());
    expect(destination.origin).toBe(new URL(hub.url()).origin);
    expect(destination.pathname).toMatch(/^\/sh\//);
  }

  it.each(HOSTILE_TARGETS)("the sign-in page sends a signed-in seller to the hub, not to %j", async (target) => {
    const response = await fetch(`${hub.url()}/signin?${new URLSearchParams({ redirectTo: target })}`, {
      headers: { Cookie: hub.session() },
      redirect: "manual",
    });
    expectOnTheHub(response);
  });

  /** The sign-in page opened at `address`, then its form sent with the right password and `target`. */
  async function signInFrom(address: string, target: string): Promise<{ page: string; response: Response }> {
    const form = await fetch(`${hub.url()}${address}`);
    const tokenCookie = (form.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const page = await form.text();
    const srt = /name="srt" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const response = await fetch(`${hub.url()}/signin`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: tokenCookie },
      body: new URLSearchParams({ username: "demo", password: "sellerhub", srt, redirectTo: target }),
    });
    return { page, response };
  }

  it.each(HOSTILE_TARGETS)("signing in sends the seller to the hub, not to %j", async (target) => {
    expectOnTheHub((await signInFrom("/signin", target)).response);
  });

  it("signs in from a link whose target is too long to keep, to the hub's home, never refusing the password", async () => {
    // A link with a 3,000-character target made every right password answer "wrong username or
    // password": the form's field held more than its schema took.
    const target = `/sh/lst/active?q=${"a".repeat(3_000)}`;
    const { page, response } = await signInFrom(`/signin?${new URLSearchParams({ redirectTo: target })}`, target);
    expect(/name="redirectTo" value="([^"]*)"/.exec(page)?.[1]).toBe("/sh/ovw");
    expectOnTheHub(response);
    expect(new URL(response.headers.get("location") ?? "", hub.url()).pathname).toBe("/sh/ovw");
  });

  it.each(HOSTILE_TARGETS)("closing a message returns to the hub, not to %j", async (target) => {
    const page = await (await fetch(`${hub.url()}/sh/ovw`, { headers: { Cookie: hub.session() } })).text();
    const srt = /name="srt" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const messageId = /name="messageId" value="([^"]+)"/.exec(page)?.[1] ?? "";
    expect(messageId).not.toBe("");
    const response = await fetch(`${hub.url()}/sh/messages/close`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: hub.session() },
      body: new URLSearchParams({ srt, messageId, returnTo: target }),
    });
    expectOnTheHub(response);
  });

  /** The header's preferences, each posted with a value it offers (the one the demo seller has). */
  const PREFERENCES = [
    ["/sh/language", "language", "en-US"],
    ["/sh/time-zone", "timeZone", "America/Los_Angeles"],
    ["/sh/appearance", "appearance", "system"],
  ] as const;

  it.each(PREFERENCES.flatMap(([path, field, value]) => HOSTILE_TARGETS.map((target) => [path, field, value, target])))(
    "choosing in %s returns to the hub, not to %j",
    async (path, field, value, target) => {
      const page = await (await fetch(`${hub.url()}/sh/ovw`, { headers: { Cookie: hub.session() } })).text();
      const srt = /name="srt" value="([^"]+)"/.exec(page)?.[1] ?? "";
      const response = await fetch(`${hub.url()}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: hub.session() },
        body: new URLSearchParams({ srt, [field]: value, returnTo: target }),
      });
      expectOnTheHub(response);
    },
  );
});
