import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";
import { verifyPassword } from "./password.server";
import { claimSignInAttempt, forgetFailedSignIns } from "./sign-in-limits.server";

/**
 * Where a member's confirmations are counted, under a name no sign-in counts under: the sign-in
 * form trims what it takes (sign-in-form.ts), so none starts with a space. "confirm:jordan" could
 * be typed there, and five wrong sign-ins under it blocked Jordan's hand-over (a review of
 * 2026-11-29), as the invitations' guesses are kept apart (invitation-routes.server.ts).
 */
const confirmationsOf = (username: string) => ` confirm ${username}`;

export type PasswordConfirmation = { ok: true } | { ok: false; retryAfterSeconds?: number };

/**
 * Asks a signed-in member for their password again before a change they cannot take back
 * themselves (handing the account over): a session is not enough, since a browser left signed in
 * or a stolen cookie would otherwise give the account away for good. Each try counts against the
 * browser's address and against the member's confirmations, apart from their sign-ins, at the
 * sign-in limits: a stolen session cannot guess the password from one address or from many, and
 * its guesses do not lock the member out of signing in. The right one clears the member's count.
 * Counted as a known browser's sign-ins (address only), a stolen session guessed 20 times a
 * quarter-hour from each address it could send from (an audit of 2026-11-29).
 */
export async function confirmOwnPassword(
  db: Kysely<DatabaseSchema>,
  member: { id: number; username: string },
  client: string,
  password: FormDataEntryValue | null,
  now = Date.now(),
): Promise<PasswordConfirmation> {
  const attempt = await claimSignInAttempt(db, confirmationsOf(member.username), client, now);
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
  await forgetFailedSignIns(db, confirmationsOf(member.username));
  return { ok: true };
}
