import type { Kysely } from "kysely";
import type { DatabaseSchema, NewSeller } from "~/db/schema";
import type { InvitedRole } from "./roles";

/**
 * Opens an account: the seller (the business) and its first owner (decision 086), who signs in
 * with the account's username and is named as it is. An account always has one owner; the first
 * may hand it to another member later (`handOverOwnership`). The one way accounts are made: by the
 * demo data, the tests and the benches.
 */
export async function openAccount(
  db: Kysely<DatabaseSchema>,
  account: NewSeller,
  ownerPasswordHash: string,
): Promise<{ sellerId: number; memberId: number }> {
  if (!db.isTransaction) return db.transaction().execute((trx) => openAccount(trx, account, ownerPasswordHash));
  const { id: sellerId } = await db.insertInto("seller").values(account).returning("id").executeTakeFirstOrThrow();
  const { id: memberId } = await db
    .insertInto("member")
    .values({
      seller_id: sellerId,
      username: account.username.toLowerCase(),
      display_name: account.display_name,
      password_hash: ownerPasswordHash,
      role: "owner",
      created_at: account.created_at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { sellerId, memberId };
}

export interface NewMember {
  username: string;
  displayName: string;
  passwordHash: string;
  role: InvitedRole;
}

/** Adds a member to an account (the demo's team; an invitation accepted, step 3 of decision 086). */
export async function addMember(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  member: NewMember,
  now: number = Date.now(),
): Promise<number> {
  const { id } = await db
    .insertInto("member")
    .values({
      seller_id: sellerId,
      username: member.username.toLowerCase(),
      display_name: member.displayName,
      password_hash: member.passwordHash,
      role: member.role,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
