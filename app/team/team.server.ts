import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { hashToken } from "~/auth/session.server";
import type { Database } from "~/db/database.server";
import type { DatabaseSchema } from "~/db/schema";
import type { Actor, MemberDetails } from "~/activity/activity-kinds";
import { recordActivity } from "~/activity/activity.server";
import { addMember, type NewMember } from "./accounts.server";
import type { InvitedRole, Role } from "./roles";

/** How long an invitation's link works (issue 32). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Invitations an account may send in a day: enough for a team, too few to spray links about. */
export const INVITATIONS_PER_DAY = 20;
/** The day those are counted over, sliding: housekeeping deletes refusals older than it. */
export const INVITATIONS_COUNTED_MS = 24 * 60 * 60 * 1000;

export interface TeamMember {
  id: number;
  username: string;
  displayName: string;
  role: Role;
  joinedAt: number;
}

export interface PendingInvitation {
  id: number;
  username: string;
  role: InvitedRole;
  expiresAt: number;
}

/** The account's members, the owner first, and its invitations not yet used or expired. */
export async function findTeam(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  now = Date.now(),
): Promise<{ members: TeamMember[]; invitations: PendingInvitation[] }> {
  const [members, invitations] = await Promise.all([
    db
      .selectFrom("member")
      .select(["id", "username", "display_name", "role", "created_at"])
      .where("seller_id", "=", sellerId)
      .where("removed_at", "is", null)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("invitation")
      .select(["id", "username", "role", "expires_at"])
      .where("seller_id", "=", sellerId)
      .where("used_at", "is", null)
      .where("withdrawn_at", "is", null)
      .where("expires_at", ">", now)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  const rank = (role: Role) => (role === "owner" ? 0 : 1);
  return {
    members: members
      .map((member) => ({
        id: member.id,
        username: member.username,
        displayName: member.display_name,
        role: member.role,
        joinedAt: Number(member.created_at),
      }))
      .sort((a, b) => rank(a.role) - rank(b.role)),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      username: invitation.username,
      role: invitation.role,
      expiresAt: Number(invitation.expires_at),
    })),
  };
}

export type InvitationRefusal = "usernameTaken" | "alreadyInvited" | "tooMany";

/**
 * Makes an invitation for `username` (already checked by the form) and returns its token, which
 * only the link holds: the table keeps its hash. A username of any member of the hub, removed ones
 * too (the activity log names them), or of another account's pending invitation is taken; the
 * account's own pending invitation is said as such. A former member of this account may be
 * invited back under their username: the log that names them is this account's own. Every invitation made counts among the day's,
 * withdrawn ones too, so withdrawing does not make room for more; so does every one refused for a
 * taken username, and the day's limit is checked first: the form answers whether a username exists
 * in the hub at most INVITATIONS_PER_DAY times a day, not as often as an owner cares to ask.
 *
 * The account's row is locked for the checks and the insert (PostgreSQL; SQLite's writer is one
 * at a time), so two invitations sent at once cannot both pass the day's count.
 */
export async function inviteMember(
  { db, dialect }: Database,
  by: Actor,
  { username, role }: { username: string; role: InvitedRole },
  now = Date.now(),
): Promise<{ ok: true; token: string; expiresAt: number } | { ok: false; refusal: InvitationRefusal }> {
  const { sellerId } = by;
  return db.transaction().execute(async (trx) => {
    const account = trx.selectFrom("seller").select("id").where("id", "=", sellerId);
    await (dialect === "postgres" ? account.forUpdate() : account).execute();
    await holdOwnership(trx, by);
    // On PostgreSQL, one invitation of a username at a time across accounts too: two owners
    // inviting "sam" at once both passed the check below before either wrote (a test of this
    // file found it), and the second invitee's link failed when the first joined. SQLite's write
    // transaction (begin immediate) already takes them one at a time.
    if (dialect === "postgres")
      await sql`select pg_advisory_xact_lock(hashtext(${`seller-hub:invitation:${username}`}))`.execute(trx);
    const [member, pending, triedToday] = await Promise.all([
      trx.selectFrom("member").select(["seller_id", "removed_at"]).where("username", "=", username).executeTakeFirst(),
      trx
        .selectFrom("invitation")
        .select("seller_id")
        .where("username", "=", username)
        .where("used_at", "is", null)
        .where("withdrawn_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst(),
      invitationsTriedToday(trx, sellerId, now),
    ]);
    if (triedToday >= INVITATIONS_PER_DAY) return { ok: false, refusal: "tooMany" } as const;
    if ((member && !isFormerMemberOf(member, sellerId)) || (pending && pending.seller_id !== sellerId)) {
      await trx.insertInto("refused_invitation").values({ seller_id: sellerId, created_at: now }).execute();
      return { ok: false, refusal: "usernameTaken" } as const;
    }
    if (pending) return { ok: false, refusal: "alreadyInvited" } as const;
    const token = randomBytes(32).toString("base64url");
    const expiresAt = now + INVITATION_LIFETIME_MS;
    await trx
      .insertInto("invitation")
      .values({
        seller_id: sellerId,
        username,
        role,
        token_hash: hashToken(token),
        invited_by: by.memberId,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
    await recordActivity(trx, by, "member-invited", { username, role }, now);
    return { ok: true, token, expiresAt } as const;
  });
}

/** Someone the account removed: their username stays theirs, and the account may invite them back. */
function isFormerMemberOf(member: { seller_id: number; removed_at: number | null }, sellerId: number): boolean {
  return member.seller_id === sellerId && member.removed_at !== null;
}

/**
 * The team's changes are the owner's: the role was checked when the request began, but the account
 * may have been handed over since, from another tab. This checks it again inside the change's
 * transaction and holds the owner's row until it ends (an update that changes nothing, so that both
 * databases lock it), so a hand-over at the same moment waits for the change, or the change for it
 * and then finds its sender no longer the owner.
 */
async function holdOwnership(trx: Kysely<DatabaseSchema>, by: Actor): Promise<void> {
  const held = await trx
    .updateTable("member")
    .set((eb) => ({ role: eb.ref("role") }))
    .where("id", "=", by.memberId)
    .where("seller_id", "=", by.sellerId)
    .where("role", "=", "owner")
    .where("removed_at", "is", null)
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) !== 1) throw new NoLongerOwner();
}

/** A team change sent by someone who was the owner when they sent it and is no longer. */
export class NoLongerOwner extends Error {}

/** Invitations the account made in the last day, withdrawn ones too, and those refused for a taken username. */
async function invitationsTriedToday(trx: Kysely<DatabaseSchema>, sellerId: number, now: number): Promise<number> {
  const since = now - INVITATIONS_COUNTED_MS;
  const [made, refused] = await Promise.all(
    (["invitation", "refused_invitation"] as const).map((table) =>
      trx
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("seller_id", "=", sellerId)
        .where("created_at", ">", since)
        .executeTakeFirstOrThrow(),
    ),
  );
  return Number(made!.n) + Number(refused!.n);
}

export interface OpenInvitation {
  id: number;
  sellerId: number;
  accountName: string;
  username: string;
  role: InvitedRole;
  expiresAt: number;
}

/** The invitation a link's token opens, while it is unused and within its days; else null. */
export async function findOpenInvitation(
  db: Kysely<DatabaseSchema>,
  token: string,
  now = Date.now(),
): Promise<OpenInvitation | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const row = await db
    .selectFrom("invitation")
    .innerJoin("seller", "seller.id", "invitation.seller_id")
    .select([
      "invitation.id",
      "invitation.seller_id",
      "seller.display_name",
      "invitation.username",
      "invitation.role",
      "invitation.expires_at",
    ])
    .where("invitation.token_hash", "=", hashToken(token))
    .where("invitation.used_at", "is", null)
    .where("invitation.withdrawn_at", "is", null)
    .where("invitation.expires_at", ">", now)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    sellerId: row.seller_id,
    accountName: row.display_name,
    username: row.username,
    role: row.role,
    expiresAt: Number(row.expires_at),
  };
}

/**
 * Uses the invitation to make its member, once: the invitation is claimed by compare-and-set in
 * the member's own transaction, so two submits of the link's form (two tabs, a double click) make
 * one member, and a username taken meanwhile (another invitation of the same name used first)
 * uses nothing.
 */
export async function acceptInvitation(
  db: Kysely<DatabaseSchema>,
  invitation: OpenInvitation,
  { displayName, passwordHash }: { displayName: string; passwordHash: string },
  now = Date.now(),
): Promise<{ id: number; seller_id: number } | null> {
  try {
    return await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable("invitation")
        .set({ used_at: now })
        .where("id", "=", invitation.id)
        .where("used_at", "is", null)
        .where("withdrawn_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return null;
      const existing = await trx
        .selectFrom("member")
        .select(["id", "seller_id", "removed_at"])
        .where("username", "=", invitation.username)
        .executeTakeFirst();
      if (existing && !isFormerMemberOf(existing, invitation.sellerId)) throw new UsernameTaken();
      const joining = { username: invitation.username, displayName, passwordHash, role: invitation.role };
      const id = existing
        ? await rejoin(trx, invitation.sellerId, existing.id, joining, now)
        : await addMember(trx, invitation.sellerId, joining, now);
      const joined = { sellerId: invitation.sellerId, memberId: id };
      await recordActivity(trx, joined, "member-joined", { role: invitation.role }, now);
      return { id, seller_id: invitation.sellerId };
    });
  } catch (error) {
    // Another invitation of the same name used first, between the check and the insert: the
    // unique username refuses it, and this invitation stays unused.
    if (error instanceof UsernameTaken || isUniqueViolation(error)) return null;
    throw error;
  }
}

class UsernameTaken extends Error {}

/**
 * A former member invited back takes up their own row again, under their username, with the name,
 * password and role of this invitation: the history that names them stays one person's, and their
 * preferences (language, time zone, appearance) are as they left them. They join anew today.
 */
async function rejoin(
  trx: Kysely<DatabaseSchema>,
  sellerId: number,
  memberId: number,
  member: NewMember,
  now: number,
): Promise<number> {
  const rejoined = await trx
    .updateTable("member")
    .set({
      display_name: member.displayName,
      password_hash: member.passwordHash,
      role: member.role,
      created_at: now,
      removed_at: null,
    })
    .where("id", "=", memberId)
    .where("seller_id", "=", sellerId)
    .where("removed_at", "is not", null)
    .returning("id")
    .executeTakeFirst();
  // Taken up meanwhile by another of the account's invitations of the same name: this one uses nothing.
  if (!rejoined) throw new UsernameTaken();
  return rejoined.id;
}

/** PostgreSQL's unique_violation (23505), SQLite's SQLITE_CONSTRAINT_UNIQUE. */
function isUniqueViolation(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "23505" || (typeof message === "string" && message.includes("UNIQUE constraint failed"));
}

/** Withdraws an invitation of the account still open (not used, withdrawn or expired), and says whose it was; null if there is none such. */
export async function withdrawInvitation(
  db: Kysely<DatabaseSchema>,
  by: Actor,
  invitationId: number,
  now = Date.now(),
): Promise<{ username: string } | null> {
  return db.transaction().execute(async (trx) => {
    await holdOwnership(trx, by);
    const withdrawn = await trx
      .updateTable("invitation")
      .set({ withdrawn_at: now })
      .where("id", "=", invitationId)
      .where("seller_id", "=", by.sellerId)
      .where("used_at", "is", null)
      .where("withdrawn_at", "is", null)
      // Past its days it is dead already: withdrawing it would log a change that changed nothing.
      .where("expires_at", ">", now)
      .returning("username")
      .executeTakeFirst();
    if (!withdrawn) return null;
    await recordActivity(trx, by, "invitation-withdrawn", { username: withdrawn.username }, now);
    return { username: withdrawn.username };
  });
}

/**
 * Gives a member of the account another role, from their next request (the role is read on each),
 * and says who they are. The owner's role is not the team's to change: null, and nothing changes.
 */
export async function changeRole(
  db: Kysely<DatabaseSchema>,
  by: Actor,
  memberId: number,
  role: InvitedRole,
  now = Date.now(),
): Promise<MemberDetails | null> {
  return db.transaction().execute(async (trx) => {
    await holdOwnership(trx, by);
    const target = await trx
      .selectFrom("member")
      .select(["username", "display_name", "role"])
      .where("id", "=", memberId)
      .where("seller_id", "=", by.sellerId)
      .where("role", "!=", "owner")
      .where("removed_at", "is", null)
      .executeTakeFirst();
    if (!target) return null;
    const member = { username: target.username, displayName: target.display_name };
    // The role they have already (the page's select starts on it): nothing changes, nothing is told.
    if (target.role === role) return member;
    const changed = await trx
      .updateTable("member")
      .set({ role })
      .where("id", "=", memberId)
      .where("role", "=", target.role)
      .where("removed_at", "is", null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) return null;
    await recordActivity(trx, by, "role-changed", { ...member, role }, now);
    return member;
  });
}

/**
 * Removes a member of the account: they can no longer sign in, and their sessions end at once.
 * Their row stays (the activity log names who did what), so their username is never given to
 * anyone else; the account may invite them back, and they take up the same row.
 * The owner cannot be removed: null, and nothing changes.
 */
export async function removeMember(
  db: Kysely<DatabaseSchema>,
  by: Actor,
  memberId: number,
  now = Date.now(),
): Promise<{ id: number; displayName: string } | null> {
  return db.transaction().execute(async (trx) => {
    await holdOwnership(trx, by);
    const removed = await trx
      .updateTable("member")
      .set({ removed_at: now })
      .where("id", "=", memberId)
      .where("seller_id", "=", by.sellerId)
      .where("role", "!=", "owner")
      .where("removed_at", "is", null)
      .returning(["id", "username", "display_name"])
      .executeTakeFirst();
    if (!removed) return null;
    await trx.deleteFrom("session").where("member_id", "=", memberId).execute();
    const member = { username: removed.username, displayName: removed.display_name };
    await recordActivity(trx, by, "member-removed", member, now);
    return { id: removed.id, displayName: removed.display_name };
  });
}

/**
 * Hands the account to another of its members: they become its owner, and the owner who hands it
 * over a manager, in one transaction, so the account always has exactly one owner. Both changes
 * count at each one's next request (the role is read on every request); no session ends. Null, and
 * nothing changes, when `by` is no longer the owner (a second hand-over sent from another tab:
 * the first took the ownership, and the row's compare-and-set refuses the second) or the member is
 * not one of the account's (removed meanwhile, another account's, the owner themself).
 */
export async function handOverOwnership(
  db: Kysely<DatabaseSchema>,
  by: Actor,
  memberId: number,
  now = Date.now(),
): Promise<MemberDetails | null> {
  // The owner's own row is a manager's by the time the second update looks for a non-owner.
  if (memberId === by.memberId) return null;
  try {
    return await db.transaction().execute(async (trx) => {
      const handedOver = await trx
        .updateTable("member")
        .set({ role: "manager" })
        .where("id", "=", by.memberId)
        .where("seller_id", "=", by.sellerId)
        .where("role", "=", "owner")
        .where("removed_at", "is", null)
        .executeTakeFirst();
      if (Number(handedOver.numUpdatedRows) !== 1) return null;
      const owner = await trx
        .updateTable("member")
        .set({ role: "owner" })
        .where("id", "=", memberId)
        .where("seller_id", "=", by.sellerId)
        .where("role", "!=", "owner")
        .where("removed_at", "is", null)
        .returning(["username", "display_name"])
        .executeTakeFirst();
      // The giver's row is already changed: undo it with the transaction.
      if (!owner) throw new NoSuchMember();
      const member = { username: owner.username, displayName: owner.display_name };
      await recordActivity(trx, by, "ownership-handed-over", member, now);
      return member;
    });
  } catch (error) {
    if (error instanceof NoSuchMember) return null;
    throw error;
  }
}

class NoSuchMember extends Error {}
