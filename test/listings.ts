import { sql, type Kysely } from "kysely";
import type { Actor } from "~/activity/activity-kinds";
import type { SignedInSeller } from "~/auth/session.server";
import type { Database } from "~/db/database.server";
import type { DatabaseSchema, NewListing } from "~/db/schema";
import { addMember, openAccount } from "~/team/accounts.server";
import type { InvitedRole } from "~/team/roles";

/** A seller to own test listings; they never sign in, so the password hash is a placeholder. */
export async function insertSeller(db: Kysely<DatabaseSchema>, username: string): Promise<number> {
  return (await insertAccount(db, username)).sellerId;
}

/**
 * A seller as the table was before migration 0026 made each seller's owner, for the tests of the
 * migrations before it: the password hash was the seller's then.
 */
export async function insertSellerBeforeMembers(db: Kysely<DatabaseSchema>, username: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into seller
      (username, display_name, password_hash, feedback_score, store_url, site, locale, currency, created_at)
    values (${username}, ${username}, 'not-a-hash', 0, ${`https://stores.example.com/${username}`}, 'EBAY_US', 'en-US',
      'USD', ${Date.now()})
    returning id`.execute(db);
  return (rows[0] as { id: number }).id;
}

/** A seller (an account) and its owner, on eBay's US site; the owner never signs in unless given a password's hash. */
export function insertAccount(
  db: Kysely<DatabaseSchema>,
  username: string,
  passwordHash = "not-a-hash",
): Promise<{ sellerId: number; memberId: number }> {
  return openAccount(
    db,
    {
      username,
      display_name: username,
      feedback_score: 0,
      store_url: `https://stores.example.com/${username}`,
      site: "EBAY_US",
      locale: "en-US",
      currency: "USD",
      created_at: Date.now(),
    },
    passwordHash,
  );
}

/** A listing with plain defaults; a test names only what it is about. */
export function testListing(sellerId: number, fields: Partial<NewListing> = {}): NewListing {
  return {
    seller_id: sellerId,
    epid: "1000000001",
    title: "Test listing",
    condition: "new",
    price: 10_000,
    additional_price: null,
    logistics_cost: 0,
    currency: "USD",
    status: "active",
    banner_status: null,
    quantity: 1,
    sold: 0,
    awaiting_shipment: 0,
    created_at: Date.now(),
    ...fields,
  };
}

/**
 * A seller of their own, as a route's server module receives them signed in (their owner):
 * session "session-1", token "the-token".
 */
export async function signedInTestSeller(db: Kysely<DatabaseSchema>, username: string): Promise<SignedInSeller> {
  return signedInOwnerOf(db, await insertSeller(db, username));
}

/** An account's owner, as a route's server module receives them signed in: session "session-1", token "the-token". */
export async function signedInOwnerOf(db: Kysely<DatabaseSchema>, id: number): Promise<SignedInSeller> {
  const seller = await db.selectFrom("seller").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const { password_hash: _, ...member } = await db
    .selectFrom("member")
    .selectAll()
    .where("seller_id", "=", id)
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();
  return { seller, member, srt: "the-token", sessionId: "session-1" };
}

/** An account's owner as the one who acts (the activity log's member): `database` a Database or its Kysely. */
export async function ownerOf(database: Database | Kysely<DatabaseSchema>, sellerId: number): Promise<Actor> {
  const db = "db" in database ? database.db : database;
  const owner = await db
    .selectFrom("member")
    .select("id")
    .where("seller_id", "=", sellerId)
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();
  return { sellerId, memberId: owner.id };
}

/** A member of an account besides its owner, who never signs in; returns them as the one who acts. */
export async function insertMember(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  {
    username,
    displayName = username,
    role = "manager",
  }: { username: string; displayName?: string; role?: InvitedRole },
): Promise<Actor> {
  const memberId = await addMember(db, sellerId, { username, displayName, passwordHash: "not-a-hash", role });
  return { sellerId, memberId };
}
