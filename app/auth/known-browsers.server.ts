import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { readCookie, serializeCookie } from "~/cookies/cookies";
import type { DatabaseSchema } from "~/db/schema";

/**
 * Browsers an account has signed in from. Anyone can send five wrong passwords for an account
 * from five addresses; if that locked the account for everyone, anyone could lock any seller out.
 * A browser that signed in before carries a random token (this cookie, hashed in `known_browser`),
 * and its attempts are held to its address's limit only (sign-in-limits.server.ts).
 */
const KNOWN_BROWSER_COOKIE = "sh_known_browser";
/** As long as a browser keeps a cookie: Chrome caps a cookie's life at 400 days (RFC 6265bis). */
const KNOWN_FOR_MS = 400 * 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

function tokenOf(request: Request): string | undefined {
  const token = readCookie(request.headers.get("Cookie"), KNOWN_BROWSER_COOKIE);
  return token && /^[\w-]{43}$/.test(token) ? token : undefined;
}

/** Whether this browser signed in to `account` before (within 400 days). */
export async function isKnownBrowser(
  db: Kysely<DatabaseSchema>,
  request: Request,
  account: string,
  now = Date.now(),
): Promise<boolean> {
  const token = tokenOf(request);
  if (!token) return false;
  const row = await db
    .selectFrom("known_browser")
    .select("account")
    .where("token_hash", "=", hashOf(token))
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row?.account === account;
}

/** After a successful sign-in: the browser is known to the account from now on; the cookie that says so. */
export async function rememberBrowser(
  db: Kysely<DatabaseSchema>,
  request: Request,
  account: string,
  now = Date.now(),
): Promise<string> {
  const old = tokenOf(request);
  if (old) await db.deleteFrom("known_browser").where("token_hash", "=", hashOf(old)).execute();
  const token = randomBytes(32).toString("base64url");
  await db
    .insertInto("known_browser")
    .values({ token_hash: hashOf(token), account, expires_at: now + KNOWN_FOR_MS })
    .execute();
  return serializeCookie(KNOWN_BROWSER_COOKIE, token, {
    expires: new Date(now + KNOWN_FOR_MS),
    httpOnly: true,
    sameSite: "Lax",
    secure: new URL(request.url).protocol === "https:",
  }) as string;
}
