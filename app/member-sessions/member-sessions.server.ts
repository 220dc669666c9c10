import type { Kysely } from "kysely";
import { SESSION_IDLE_MS } from "~/auth/session.server";
import type { DatabaseSchema } from "~/db/schema";
import { browserParts, type BrowserParts } from "~/feedback/browser-summary.server";

/** One of a member's signed-in sessions, as their list shows it. */
export interface MemberSession extends BrowserParts {
  /** The session's key in the table (the SHA-256 of its cookie's token: it holds no secret). */
  id: string;
  /** The address it was signed in from, as the sign-in limits saw it; null if not known. */
  address: string | null;
  signedInAt: number;
  lastUsedAt: number;
  /** The browser this list is read in. */
  current: boolean;
}

/**
 * The member's sessions still in use (not expired, not idle), the one reading first, then the most
 * recently used: a member signed in at a shop's till and on their phone sees both, and which is
 * which by browser, address and time. Only their own: another member's sessions are theirs to see.
 */
export async function findMemberSessions(
  db: Kysely<DatabaseSchema>,
  { memberId, currentSessionId }: { memberId: number; currentSessionId: string },
  now = Date.now(),
): Promise<MemberSession[]> {
  const rows = await db
    .selectFrom("session")
    .select(["id", "user_agent", "address", "created_at", "last_seen_at"])
    .where("member_id", "=", memberId)
    .where("expires_at", ">", now)
    .where("last_seen_at", ">", now - SESSION_IDLE_MS)
    .orderBy("last_seen_at", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      ...browserParts(row.user_agent),
      address: row.address,
      signedInAt: Number(row.created_at),
      lastUsedAt: Number(row.last_seen_at),
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends sessions of the member other than the one asking, of those the page lists (in use): one
 * (`sessionId`), or all the others. The session asking is never ended here (signing out does
 * that). Returns how many ended, the number the page showed. Sessions past their time are
 * housekeeping's to delete.
 */
export async function endOtherSessions(
  db: Kysely<DatabaseSchema>,
  { memberId, currentSessionId }: { memberId: number; currentSessionId: string },
  sessionId?: string,
  now = Date.now(),
): Promise<number> {
  const { numDeletedRows } = await db
    .deleteFrom("session")
    .where("member_id", "=", memberId)
    .where("id", "!=", currentSessionId)
    .where("expires_at", ">", now)
    .where("last_seen_at", ">", now - SESSION_IDLE_MS)
    .$if(sessionId !== undefined, (query) => query.where("id", "=", sessionId as string))
    .executeTakeFirst();
  return Number(numDeletedRows);
}
