import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";
import { verifyPassword } from "./password.server";
import { claimSignInAttempt, forgetFailedSignIns } from "./sign-in-limits.server";

export type PasswordConfirmation = { ok: true } | { ok: false; retryAfterSeconds?: number };

/**
 * Asks a signed-in member for their password again before a change they cannot take back
 * themselves (handing the account over): a session is not enough, since a browser left signed in
 * or a stolen cookie would otherwise give the account away for good. Each try counts against the
 * member and the browser's address as a sign-in does (the browser's own limit, as it is signed in
 * here), so a stolen session cannot guess the password either; the right one clears the count.
 */
export async function confirmOwnPassword(
  db: Kysely<DatabaseSchema>,
  member: { id: number; username: string },
  client: string,
  password: FormDataEntryValue | null,
  now = Date.now(),
): Promise<PasswordConfirmation> {
  const attempt = await claimSignInAttempt(db, member.username, client, now, { knownBrowser: true });
  if (!attempt.allowed) return { ok: false, retryAfterSeconds: attempt.retryAfterSeconds };
  const row = await db
    .selectFrom("member")
    .select("password_hash")
    .where("id", "=", member.id)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  const confirmed =
    typeof password === "string" && row !== undefined && (await verifyPassword(password, row.password_hash));
  if (!confirmed) return { ok: false };
  await forgetFailedSignIns(db, member.username);
  return { ok: true };
}
