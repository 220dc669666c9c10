import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import type { DatabaseSchema } from "~/db/schema";
import { TEST_DIALECTS } from "../../test/databases";
import {
  claimSignInAttempt,
  forgetFailedSignIns,
  settleFailedSignIn,
  SIGN_IN_LIMITS,
  signInRetryAfter,
} from "./sign-in-limits.server";

/** A wrong password, as the sign-in action meets it: claim the attempt, then settle it as a failure. */
async function failSignIn(db: Kysely<DatabaseSchema>, account: string, client: string, at: number) {
  const attempt = await claimSignInAttempt(db, account, client, at);
  if (attempt.allowed) await settleFailedSignIn(db, account, at);
  return attempt;
}

describe.each(TEST_DIALECTS)("sign-in limits on $name", (dialect) => {
  let database: Database;
  beforeAll(async () => {
    database = await dialect.open();
  });
  afterAll(() => database.close());

  const now = 1_800_000_000_000;

  it("lets an account try again until it has failed five times in fifteen minutes", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerAccount; attempt++) {
      expect(await failSignIn(database.db, "alice", `10.0.0.${attempt}`, now + attempt * 1000)).toEqual({
        allowed: true,
      });
    }
    // Blocked until the oldest of the five leaves the window: 15 minutes after the first failure.
    expect(await claimSignInAttempt(database.db, "alice", "10.0.1.1", now + 10_000)).toEqual({
      allowed: false,
      retryAfterSeconds: SIGN_IN_LIMITS.windowMs / 1000 - 10,
    });
    expect(await signInRetryAfter(database.db, "alice", "10.0.1.1", now + SIGN_IN_LIMITS.windowMs + 1)).toBeNull();
  });

  it("does not count a refused attempt: waiting out the block is enough", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerAccount; attempt++)
      await failSignIn(database.db, "carol", "10.1.0.1", now + attempt);
    for (let refused = 0; refused < 10; refused++)
      expect((await failSignIn(database.db, "carol", "10.1.0.1", now + 1_000 + refused)).allowed).toBe(false);
    expect(await claimSignInAttempt(database.db, "carol", "10.1.0.1", now + SIGN_IN_LIMITS.windowMs + 5)).toEqual({
      allowed: true,
    });
  });

  it("lets no more than five of a burst of parallel guesses check a password", async () => {
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, guess) => failSignIn(database.db, "dave", `10.2.0.${guess}`, now + guess)),
    );
    const checked = burst.filter((attempt) => attempt.allowed).length;
    expect(checked).toBeLessThanOrEqual(SIGN_IN_LIMITS.failuresPerAccount);
    expect(
      burst.filter((attempt) => !attempt.allowed).every((attempt) => !attempt.allowed && attempt.retryAfterSeconds > 0),
    ).toBe(true);
  });

  it("limits one client address across accounts", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerClient; attempt++) {
      await failSignIn(database.db, `guess-${attempt}`, "192.0.2.7", now + attempt);
    }
    expect(await signInRetryAfter(database.db, "someone-new", "192.0.2.7", now + 100)).toBeGreaterThan(0);
    expect(await signInRetryAfter(database.db, "someone-new", "192.0.2.8", now + 100)).toBeNull();
  });

  it("never locks the owner out from a browser that signed in before: five guesses elsewhere block only strangers", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerAccount; attempt++)
      await failSignIn(database.db, "owner", `172.16.0.${attempt}`, now + attempt);
    expect(await claimSignInAttempt(database.db, "owner", "172.16.1.1", now + 10)).toMatchObject({ allowed: false });
    expect(await claimSignInAttempt(database.db, "owner", "172.16.1.2", now + 11, { knownBrowser: true })).toEqual({
      allowed: true,
    });
    // The address's own limit still holds for a known browser.
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerClient; attempt++)
      await failSignIn(database.db, `someone-${attempt}`, "172.16.2.1", now + 100 + attempt);
    expect(
      await claimSignInAttempt(database.db, "owner", "172.16.2.1", now + 200, { knownBrowser: true }),
    ).toMatchObject({ allowed: false });
  });

  it("forgives an account's failures once it signs in", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerAccount - 1; attempt++) {
      await failSignIn(database.db, "bob", "10.9.9.9", now + attempt);
    }
    // The successful attempt claims too; signing in removes its claim with the failures.
    expect(await claimSignInAttempt(database.db, "bob", "10.9.9.9", now + 10)).toEqual({ allowed: true });
    await forgetFailedSignIns(database.db, "bob");
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerAccount; attempt++) {
      expect(await failSignIn(database.db, "bob", "10.9.9.8", now + 20 + attempt)).toEqual({ allowed: true });
    }
  });
});
