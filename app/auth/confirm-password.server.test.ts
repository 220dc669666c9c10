import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertAccount } from "../../test/listings";
import type { Database } from "~/db/database.server";
import { confirmOwnPassword } from "./confirm-password.server";
import { hashPassword } from "./password.server";
import { claimSignInAttempt, SIGN_IN_LIMITS, signInRetryAfter } from "./sign-in-limits.server";

describe.each(TEST_DIALECTS)("a member's password asked again on $name", (dialect) => {
  let database: Database;
  let member: { id: number; username: string };

  beforeAll(async () => {
    database = await dialect.open();
    const { memberId } = await insertAccount(database.db, "confirming-owner");
    await database.db
      .updateTable("member")
      .set({ password_hash: await hashPassword("rîght-pässword") })
      .where("id", "=", memberId)
      .execute();
    member = { id: memberId, username: "confirming-owner" };
  });
  afterAll(() => database.close());

  it("confirms the member's own password only, and stops a guesser at the address's limit", async () => {
    const now = Date.now();
    expect(await confirmOwnPassword(database.db, member, "198.51.100.7", "rîght-pässword", now)).toEqual({ ok: true });
    for (const wrong of [null, "", "right-password", "x".repeat(10_000)])
      expect(await confirmOwnPassword(database.db, member, "198.51.100.7", wrong, now)).toEqual({ ok: false });
    for (let n = 4; n < SIGN_IN_LIMITS.failuresPerClient; n++)
      await confirmOwnPassword(database.db, member, "198.51.100.7", "guess", now);
    const blocked = await confirmOwnPassword(database.db, member, "198.51.100.7", "rîght-pässword", now);
    expect(blocked).toMatchObject({ ok: false, retryAfterSeconds: expect.any(Number) });
  });

  it("stops a guesser sending from many addresses at the member's limit, without locking the member out of signing in", async () => {
    const now = Date.now() + SIGN_IN_LIMITS.windowMs * 2;
    const address = (n: number) => `203.0.113.${n}`;
    for (let n = 0; n < SIGN_IN_LIMITS.failuresPerAccount; n++)
      expect(await confirmOwnPassword(database.db, member, address(n), "guess", now)).toEqual({ ok: false });
    const blocked = await confirmOwnPassword(database.db, member, address(99), "rîght-pässword", now);
    expect(blocked).toMatchObject({ ok: false, retryAfterSeconds: expect.any(Number) });
    // The member signs in from a browser never seen: the guesses were not theirs.
    expect(await signInRetryAfter(database.db, member.username, "192.0.2.1", now)).toBeNull();
    // Once the window has passed, the right password confirms and clears the count.
    const later = now + SIGN_IN_LIMITS.windowMs + 1;
    expect(await confirmOwnPassword(database.db, member, address(99), "rîght-pässword", later)).toEqual({ ok: true });
    expect(await confirmOwnPassword(database.db, member, address(98), "guess", later)).toEqual({ ok: false });
  });

  it("is not blocked by wrong sign-ins under any name the sign-in form takes", async () => {
    const now = Date.now() + SIGN_IN_LIMITS.windowMs * 6;
    // What a stranger could type as a username to count failures under, as the sign-in would.
    for (const typed of [`confirm:${member.username}`, `confirm ${member.username}`])
      for (let n = 0; n < SIGN_IN_LIMITS.failuresPerAccount + 1; n++)
        await claimSignInAttempt(database.db, typed, `198.18.0.${n}`, now);
    expect(await confirmOwnPassword(database.db, member, "198.18.1.1", "rîght-pässword", now)).toEqual({ ok: true });
  });
});
