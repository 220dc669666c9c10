import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/database.server";
import { TEST_DIALECTS } from "../../test/databases";
import { forgetFailedSignIns, recordFailedSignIn, SIGN_IN_LIMITS, signInRetryAfter } from "./sign-in-limits.server";

describe.each(TEST_DIALECTS)("sign-in limits on $name", (dialect) => {
  let database: Database;
  beforeAll(async () => {
    database = await dialect.open();
  });
  afterAll(() => database.close());

  const now = 1_800_000_000_000;

  it("lets an account try again until it has failed five times in fifteen minutes", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerAccount - 1; attempt++) {
      await recordFailedSignIn(database.db, "alice", `10.0.0.${attempt}`, now + attempt * 1000);
    }
    expect(await signInRetryAfter(database.db, "alice", "10.0.1.1", now + 10_000)).toBeNull();
    await recordFailedSignIn(database.db, "alice", "10.0.0.9", now + 10_000);
    // Blocked until the oldest of the five leaves the window: 15 minutes after the first failure.
    expect(await signInRetryAfter(database.db, "alice", "10.0.1.1", now + 10_000)).toBe(SIGN_IN_LIMITS.windowMs / 1000 - 10);
    expect(await signInRetryAfter(database.db, "alice", "10.0.1.1", now + SIGN_IN_LIMITS.windowMs + 1)).toBeNull();
  });

  it("limits one client address across accounts", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerClient; attempt++) {
      await recordFailedSignIn(database.db, `guess-${attempt}`, "192.0.2.7", now + attempt);
    }
    expect(await signInRetryAfter(database.db, "someone-new", "192.0.2.7", now + 100)).toBeGreaterThan(0);
    expect(await signInRetryAfter(database.db, "someone-new", "192.0.2.8", now + 100)).toBeNull();
  });

  it("forgives an account's failures once it signs in", async () => {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerAccount; attempt++) {
      await recordFailedSignIn(database.db, "bob", "10.9.9.9", now + attempt);
    }
    await forgetFailedSignIns(database.db, "bob");
    expect(await signInRetryAfter(database.db, "bob", "10.9.9.8", now + 10)).toBeNull();
  });
});
