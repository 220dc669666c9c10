import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { readCookie, serializeCookie } from "~/cookies/cookies";
import type { DatabaseSchema, Member } from "~/db/schema";
import { hashForUnknownAccount, verifyPassword } from "./password.server";
import { maskToken, tokensMatch } from "./anti-forgery.server";

/** Before there is a session, the sign-in form's token is double-submitted: cookie and field. */
const SIGN_IN_TOKEN_COOKIE = "sh_signin_srt";

export function issueSignInToken(request: Request): { token: string; cookie: string } {
  const existing = readCookie(request.headers.get("Cookie"), SIGN_IN_TOKEN_COOKIE);
  const token = existing && /^[\w-]{32}$/.test(existing) ? existing : randomBytes(24).toString("base64url");
  const cookie = serializeCookie(SIGN_IN_TOKEN_COOKIE, token, {
    httpOnly: true,
    sameSite: "Strict",
    secure: new URL(request.url).protocol === "https:",
  }) as string;
  // The form carries it masked, other bytes every time; the cookie holds it as it is.
  return { token: maskToken(token), cookie };
}

export function signInTokenMatches(request: Request, submitted: string): boolean {
  const expected = readCookie(request.headers.get("Cookie"), SIGN_IN_TOKEN_COOKIE);
  return expected !== undefined && tokensMatch(expected, submitted);
}

/**
 * The member whose username and password these are, or null; as slow for an unknown username. A
 * member removed from their account is unknown.
 */
export async function findMemberByCredentials(
  db: Kysely<DatabaseSchema>,
  username: string,
  password: string,
): Promise<Member | null> {
  const member = await db
    .selectFrom("member")
    .selectAll()
    .where("username", "=", username.normalize("NFC").toLowerCase())
    .where("removed_at", "is", null)
    .executeTakeFirst();
  const matches = await verifyPassword(password, member?.password_hash ?? (await hashForUnknownAccount()));
  return member && matches ? member : null;
}
