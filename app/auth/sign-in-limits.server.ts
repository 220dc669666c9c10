import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";

/** Guessing is slowed per account and per client address, the same for accounts that do not exist. */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failuresPerAccount: 5,
  failuresPerClient: 20,
} as const;

/** Seconds until this account and client may try again, or null when they may now. */
export async function signInRetryAfter(db: Kysely<DatabaseSchema>, account: string, client: string, now = Date.now()): Promise<number | null> {
  const since = now - SIGN_IN_LIMITS.windowMs;
  const [byAccount, byClient] = await Promise.all([
    recentFailures(db, "account", account, since, SIGN_IN_LIMITS.failuresPerAccount),
    recentFailures(db, "client", client, since, SIGN_IN_LIMITS.failuresPerClient),
  ]);
  const unblockedAt = Math.max(byAccount ?? 0, byClient ?? 0);
  return unblockedAt > now ? Math.ceil((unblockedAt - now) / 1000) : null;
}

/**
 * When the limit is reached: the moment the oldest failure that counts leaves the window.
 * Only the newest `limit` failures are read, so a flood of failures costs no more to check.
 */
async function recentFailures(db: Kysely<DatabaseSchema>, column: "account" | "client", value: string, since: number, limit: number): Promise<number | null> {
  const rows = await db
    .selectFrom("sign_in_failure")
    .select("at")
    .where(column, "=", value)
    .where("at", ">", since)
    .orderBy("at", "desc")
    .limit(limit)
    .execute();
  return rows.length < limit ? null : (rows.at(-1)?.at ?? 0) + SIGN_IN_LIMITS.windowMs;
}

export async function recordFailedSignIn(db: Kysely<DatabaseSchema>, account: string, client: string, now = Date.now()): Promise<void> {
  await db.insertInto("sign_in_failure").values({ account, client, at: now }).execute();
  // Failures older than the window never count again.
  await db.deleteFrom("sign_in_failure").where("account", "=", account).where("at", "<=", now - SIGN_IN_LIMITS.windowMs).execute();
}

/** A successful sign-in forgives the account's failures (not the client's). */
export async function forgetFailedSignIns(db: Kysely<DatabaseSchema>, account: string): Promise<void> {
  await db.deleteFrom("sign_in_failure").where("account", "=", account).execute();
}
