import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { readCookie, removalCookie, serializeCookie } from "~/cookies/cookies";
import { maskToken } from "./anti-forgery.server";
import type { DatabaseSchema, Member, Seller } from "~/db/schema";

export const SESSION_COOKIE = "sh_session";
const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A session left unused this long ends, whatever its seven days: a browser left signed in on a
 * shared computer overnight is not the seller's any more. Eight hours keeps a working day.
 */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** Use is written at most this often: a write per request would cost every page view a write. */
export const SESSION_SEEN_EVERY_MS = 5 * 60 * 1000;

/** The member as every request knows them: their row without the password's hash. */
export type SignedInMember = Omit<Member, "password_hash">;

/** Who is signed in: the member, and the account (the seller) they work for (decision 086). */
export interface SignedInSeller {
  seller: Seller;
  member: SignedInMember;
  /** The session's anti-forgery token, masked for this request (decision 053), sent back with every state change. */
  srt: string;
  sessionId: string;
}

/** A token as the database keeps it: its SHA-256, base64url (sessions, invitations). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** At most this much of a browser's User-Agent is kept for the member's list of sessions. */
const USER_AGENT_KEPT = 512;

/** Starts a session for a member and returns the Set-Cookie header that carries it. */
export async function startSession(
  db: Kysely<DatabaseSchema>,
  member: Pick<Member, "id" | "seller_id">,
  request: Request,
  { address = null, now = Date.now() }: { address?: string | null; now?: number } = {},
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = now + SESSION_LIFETIME_MS;
  await db
    .insertInto("session")
    .values({
      id: hashToken(token),
      seller_id: member.seller_id,
      member_id: member.id,
      srt: randomBytes(24).toString("base64url"),
      user_agent: request.headers.get("User-Agent")?.slice(0, USER_AGENT_KEPT) ?? null,
      address,
      created_at: now,
      expires_at: expiresAt,
      last_seen_at: now,
    })
    .execute();
  return serializeCookie(SESSION_COOKIE, token, {
    expires: new Date(expiresAt),
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecure(request),
  }) as string;
}

/**
 * The member whose session the request's cookie names, and their account, or null (a member
 * removed from the account is no one). Finding it counts as using the
 * session (the idle time starts again), unless `{ use: false }`: a site-speed beacon, sent by a
 * page as it is hidden, is not the seller at work.
 */
export async function findSignedInSeller(
  db: Kysely<DatabaseSchema>,
  request: Request,
  now = Date.now(),
  { use = true }: { use?: boolean } = {},
): Promise<SignedInSeller | null> {
  const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom("session")
    .innerJoin("member", "member.id", "session.member_id")
    .innerJoin("seller", "seller.id", "member.seller_id")
    .selectAll("seller")
    .select([
      "member.id as member_id",
      "member.seller_id as member_seller_id",
      "member.username as member_username",
      "member.display_name as member_display_name",
      "member.role as member_role",
      "member.language as member_language",
      "member.time_zone as member_time_zone",
      "member.appearance as member_appearance",
      "member.created_at as member_created_at",
      "member.removed_at as member_removed_at",
      "session.id as session_id",
      "session.srt",
      "session.last_seen_at",
    ])
    .where("session.id", "=", hashToken(token))
    .where("session.expires_at", ">", now)
    .where("session.last_seen_at", ">", now - SESSION_IDLE_MS)
    .where("member.removed_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const {
    session_id,
    srt,
    last_seen_at,
    member_id,
    member_seller_id,
    member_username,
    member_display_name,
    member_role,
    member_language,
    member_time_zone,
    member_appearance,
    member_created_at,
    member_removed_at,
    ...seller
  } = row;
  const member: SignedInMember = {
    id: member_id,
    seller_id: member_seller_id,
    username: member_username,
    display_name: member_display_name,
    role: member_role,
    language: member_language,
    time_zone: member_time_zone,
    appearance: member_appearance,
    created_at: member_created_at,
    removed_at: member_removed_at,
  };
  if (use && Number(last_seen_at) <= now - SESSION_SEEN_EVERY_MS)
    await db.updateTable("session").set({ last_seen_at: now }).where("id", "=", session_id).execute();
  // Masked afresh for each request, so that every page carries other bytes (anti-forgery.server.ts).
  return { seller, member, srt: maskToken(srt), sessionId: session_id };
}

/** Ends the session the request's cookie names, if any: signing in again over it must not leave it valid. */
export async function endSessionOfRequest(db: Kysely<DatabaseSchema>, request: Request): Promise<void> {
  const token = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  if (token && token.length <= 100) await db.deleteFrom("session").where("id", "=", hashToken(token)).execute();
}

/** Ends the session and returns the Set-Cookie header that clears it. */
export async function endSession(db: Kysely<DatabaseSchema>, sessionId: string, request: Request): Promise<string> {
  await db.deleteFrom("session").where("id", "=", sessionId).execute();
  return removalCookie(SESSION_COOKIE, { httpOnly: true, secure: isSecure(request) });
}
