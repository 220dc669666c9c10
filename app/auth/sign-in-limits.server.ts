import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";

/**
 * Guessing is slowed per account and per client address, the same for accounts that do not exist;
 * a browser that signed in to the account before is slowed per address only.
 */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failuresPerAccount: 5,
  failuresPerClient: 20,
} as const;

/** An attempt that may check its password, or the seconds until this account and client may try again. */
export type SignInAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Claims one attempt before the password is checked. The claim is written first and the attempts
 * counted after it, so a burst of parallel guesses, on any process or instance, cannot all pass a
 * count taken before any of them was recorded: each sees at least the claims written before its
 * own, so no more than the limit go through. A claim stands as a failure unless the sign-in
 * succeeds (`forgetFailedSignIns`); a refused claim is withdrawn, so waiting out the block is enough.
 */
export async function claimSignInAttempt(
  db: Kysely<DatabaseSchema>,
  account: string,
  client: string,
  now = Date.now(),
  { knownBrowser = false }: { knownBrowser?: boolean } = {},
): Promise<SignInAttempt> {
  const retryAfter = (claimed: number) => signInRetryAfter(db, account, client, now, claimed, { knownBrowser });
  // A blocked client learns so from one read, without a write: a flood of refused guesses stays cheap.
  const blocked = await retryAfter(0);
  if (blocked !== null) return { allowed: false, retryAfterSeconds: blocked };
  const { id } = await db
    .insertInto("sign_in_failure")
    .values({ account, client, at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const overLimit = await retryAfter(1);
  if (overLimit === null) return { allowed: true };
  await db.deleteFrom("sign_in_failure").where("id", "=", id).execute();
  return { allowed: false, retryAfterSeconds: (await retryAfter(0)) ?? overLimit };
}

/**
 * Seconds until this account and client may try again, or null when they may now. `claimed`
 * attempts of the caller's own are already among the rows, so they are allowed past the limit.
 *
 * A browser the account signed in from before (`knownBrowser`, known-browsers.server.ts) is held
 * to its address's limit only: five wrong passwords from anywhere else, which anyone can send,
 * must not lock the owner out of their own account (the audit's finding).
 */
export async function signInRetryAfter(
  db: Kysely<DatabaseSchema>,
  account: string,
  client: string,
  now = Date.now(),
  claimed = 0,
  { knownBrowser = false }: { knownBrowser?: boolean } = {},
): Promise<number | null> {
  const since = now - SIGN_IN_LIMITS.windowMs;
  const [byAccount, byClient] = await Promise.all([
    knownBrowser ? null : recentFailures(db, "account", account, since, SIGN_IN_LIMITS.failuresPerAccount + claimed),
    recentFailures(db, "client", client, since, SIGN_IN_LIMITS.failuresPerClient + claimed),
  ]);
  const unblockedAt = Math.max(byAccount ?? 0, byClient ?? 0);
  return unblockedAt > now ? Math.ceil((unblockedAt - now) / 1000) : null;
}

/**
 * When the limit is reached: the moment the oldest failure that counts leaves the window.
 * Only the newest `limit` failures are read, so a flood of failures costs no more to check.
 */
async function recentFailures(
  db: Kysely<DatabaseSchema>,
  column: "account" | "client",
  value: string,
  since: number,
  limit: number,
): Promise<number | null> {
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

/** The claimed attempt failed: its claim stays as the failure; failures older than the window go. */
export async function settleFailedSignIn(db: Kysely<DatabaseSchema>, account: string, now = Date.now()): Promise<void> {
  await db
    .deleteFrom("sign_in_failure")
    .where("account", "=", account)
    .where("at", "<=", now - SIGN_IN_LIMITS.windowMs)
    .execute();
}

/** A successful sign-in forgives the account's failures (not the client's), its own claim among them. */
export async function forgetFailedSignIns(db: Kysely<DatabaseSchema>, account: string): Promise<void> {
  await db.deleteFrom("sign_in_failure").where("account", "=", account).execute();
}
