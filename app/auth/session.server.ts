import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { readCookie, removalCookie, serializeCookie } from "~/cookies/cookies";
import type { DatabaseSchema, Seller } from "~/db/schema";

export const SESSION_COOKIE = "sh_session";
const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export interface SignedInSeller {
  seller: Seller;
  /** The session's anti-forgery token, sent back with every state change. */
  srt: string;
  sessionId: string;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** Starts a session and returns the Set-Cookie header that carries it. */
export async function startSession(db: Kysely<DatabaseSchema>, sellerId: number, request: Request): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const expiresAt = now + SESSION_LIFETIME_MS;
  await db
    .insertInto("session")
    .values({
      id: hashToken(token),
      seller_id: sellerId,
      srt: randomBytes(24).toString("base64url"),
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return serializeCookie(SESSION_COOKIE, token, {
    expires: new Date(expiresAt),
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecure(request),
  }) as string;
}

export async function findSignedInSeller(db: Kysely<DatabaseSchema>, request: Request): Promise<SignedInSeller | null> {
  const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom("session")
    .innerJoin("seller", "seller.id", "session.seller_id")
    .selectAll("seller")
    .select(["session.id as session_id", "session.srt"])
    .where("session.id", "=", hashToken(token))
    .where("session.expires_at", ">", Date.now())
    .executeTakeFirst();
  if (!row) return null;
  const { session_id, srt, ...seller } = row;
  return { seller, srt, sessionId: session_id };
}

/** Ends the session and returns the Set-Cookie header that clears it. */
export async function endSession(db: Kysely<DatabaseSchema>, sessionId: string, request: Request): Promise<string> {
  await db.deleteFrom("session").where("id", "=", sessionId).execute();
  return removalCookie(SESSION_COOKIE, { httpOnly: true, secure: isSecure(request) });
}
