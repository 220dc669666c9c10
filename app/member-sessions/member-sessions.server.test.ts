import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertAccount } from "../../test/listings";
import { findSignedInSeller, SESSION_IDLE_MS, startSession } from "~/auth/session.server";
import type { Database } from "~/db/database.server";
import { addMember } from "~/team/accounts.server";
import { endOtherSessions, findMemberSessions } from "./member-sessions.server";

const CHROME_ON_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

describe.each(TEST_DIALECTS)("a member's sessions on $name", (dialect) => {
  let database: Database;
  let member: { id: number; seller_id: number };
  let colleague: { id: number; seller_id: number };

  /** Signs the member in from a browser, at a time, from an address; returns the session's key. */
  const signIn = async (
    who: { id: number; seller_id: number },
    userAgent: string | null,
    { now = Date.now(), address = "192.0.2.7" }: { now?: number; address?: string | null } = {},
  ) => {
    const headers: Record<string, string> = userAgent === null ? {} : { "User-Agent": userAgent };
    const cookie = (
      await startSession(database.db, who, new Request("http://localhost/signin", { headers }), {
        now,
        address,
      })
    ).split(";")[0] as string;
    const signedIn = await findSignedInSeller(
      database.db,
      new Request("http://localhost/sh/ovw", { headers: { Cookie: cookie } }),
      now,
      { use: false },
    );
    return signedIn?.sessionId as string;
  };

  beforeAll(async () => {
    database = await dialect.open();
    const { sellerId, memberId } = await insertAccount(database.db, "sessions-owner");
    member = { id: memberId, seller_id: sellerId };
    const helper = await addMember(database.db, sellerId, {
      username: "sessions-helper",
      displayName: "Helper",
      passwordHash: "not-a-hash",
      role: "manager",
    });
    colleague = { id: helper, seller_id: sellerId };
  });
  afterAll(() => database.close());

  it("lists the member's own sessions in use, this browser's first, each by browser, times and address", async () => {
    const now = Date.now();
    const laptop = await signIn(member, CHROME_ON_LINUX, { now: now - 60_000 });
    const phone = await signIn(member, SAFARI_ON_IPHONE, { now: now - 30_000, address: "2001:db8::1" });
    const unknown = await signIn(member, null, { now: now - 10_000, address: null });
    await signIn(member, CHROME_ON_LINUX, { now: now - SESSION_IDLE_MS - 1 });
    await signIn(colleague, CHROME_ON_LINUX, { now });

    const sessions = await findMemberSessions(database.db, { memberId: member.id, currentSessionId: phone }, now);
    expect(
      sessions.map(({ id, browser, system, address, current }) => ({ id, browser, system, address, current })),
    ).toEqual([
      { id: phone, browser: "Safari 17.4", system: "iOS", address: "2001:db8::1", current: true },
      { id: unknown, browser: null, system: null, address: null, current: false },
      { id: laptop, browser: "Chrome 131", system: "Linux", address: "192.0.2.7", current: false },
    ]);
    expect(sessions[2]).toMatchObject({ signedInAt: now - 60_000, lastUsedAt: now - 60_000 });
  });

  it("ends another session or all the others, never the one asking nor another member's", async () => {
    const asking = await signIn(member, CHROME_ON_LINUX);
    const other = await signIn(member, SAFARI_ON_IPHONE);
    const colleagues = await signIn(colleague, SAFARI_ON_IPHONE);
    const owner = { memberId: member.id, currentSessionId: asking };
    expect(await endOtherSessions(database.db, owner, asking)).toBe(0);
    expect(await endOtherSessions(database.db, owner, colleagues)).toBe(0);
    expect(await endOtherSessions(database.db, owner, other)).toBe(1);
    expect(await endOtherSessions(database.db, owner, other)).toBe(0);
    await signIn(member, SAFARI_ON_IPHONE);
    await signIn(member, CHROME_ON_LINUX);
    // The page lists the sessions in use: those are the ones counted (the first test's idle one is not).
    const listed = (await findMemberSessions(database.db, owner)).length - 1;
    expect(await endOtherSessions(database.db, owner)).toBe(listed);
    expect((await findMemberSessions(database.db, owner)).map((session) => session.id)).toEqual([asking]);
    expect(
      await findMemberSessions(database.db, { memberId: colleague.id, currentSessionId: colleagues }),
    ).toHaveLength(2);
  });
});
