import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertAccount } from "../../test/listings";
import { findSignedInSeller, startSession, type SignedInSeller } from "~/auth/session.server";
import type { Database } from "~/db/database.server";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { handleSessionsForm, sessionsPage } from "./member-sessions-routes.server";

const english = textOfLanguage("en-US").text;

describe.each(TEST_DIALECTS)("the sessions page's forms on $name", (dialect) => {
  let database: Database;
  let member: { id: number; seller_id: number };

  /** A new session of the member, as the route receives it signed in. */
  const signIn = async (): Promise<SignedInSeller> => {
    const cookie = (await startSession(database.db, member, new Request("http://localhost/signin"))).split(";")[0];
    const request = new Request("http://localhost/sh/account/sessions", { headers: { Cookie: cookie as string } });
    return (await findSignedInSeller(database.db, request)) as SignedInSeller;
  };
  const post = (signedIn: SignedInSeller, fields: Record<string, string>) =>
    handleSessionsForm(
      new Request("http://localhost/sh/account/sessions", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ srt: signedIn.srt, ...fields }),
      }),
      database,
      signedIn,
      english,
    );

  beforeAll(async () => {
    database = await dialect.open();
    const { sellerId, memberId } = await insertAccount(database.db, "sessions-form-owner");
    member = { id: memberId, seller_id: sellerId };
  });
  afterAll(() => database.close());

  it.each([
    [{ intent: "end", session: "1e20" }, 400, "That is not one of your sessions. Reload the page and try again."],
    [
      { intent: "end", session: `${"a".repeat(42)}\u0000` },
      400,
      "That is not one of your sessions. Reload the page and try again.",
    ],
    [
      { intent: "end", session: "a".repeat(10_000) },
      400,
      "That is not one of your sessions. Reload the page and try again.",
    ],
    [{ intent: "end", session: "a".repeat(43) }, 404, "That session had ended already, or is not one of yours."],
    [
      { intent: "delete-account" },
      400,
      "The sessions page does not know what this form asked for. Reload the page and try again.",
    ],
  ])("refuses %j with %i and the reason, ending nothing", async (fields, status, refusal) => {
    const asking = await signIn();
    const other = await signIn();
    const answer = await post(asking, fields);
    expect(answer.init?.status).toBe(status);
    expect(answer.data).toEqual({ ok: false, refusal });
    expect((await sessionsPage(database, asking)).map((session) => session.id)).toEqual(
      expect.arrayContaining([asking.sessionId, other.sessionId]),
    );
  });

  it("refuses a form without the session's anti-forgery token", async () => {
    const asking = await signIn();
    const other = await signIn();
    await expect(post(asking, { intent: "end", session: other.sessionId, srt: "not-the-token" })).rejects.toMatchObject(
      {
        status: 403,
      },
    );
    expect((await sessionsPage(database, asking)).map((session) => session.id)).toContain(other.sessionId);
  });

  it("signs one other session out, then all the others, and never the one asking", async () => {
    const asking = await signIn();
    const other = await signIn();
    expect((await post(asking, { intent: "end", session: other.sessionId })).data).toEqual({
      ok: true,
      done: "That session is signed out: its browser must sign in again.",
    });
    expect((await post(asking, { intent: "end", session: asking.sessionId })).init?.status).toBe(404);
    await signIn();
    await signIn();
    const all = await post(asking, { intent: "end-others" });
    expect(all.data).toMatchObject({ ok: true, done: expect.stringMatching(/^\d+ other sessions are signed out\.$/) });
    expect((await sessionsPage(database, asking)).map((session) => session.id)).toEqual([asking.sessionId]);
    expect((await post(asking, { intent: "end-others" })).data).toEqual({
      ok: true,
      done: "No other session was signed in.",
    });
  });
});
