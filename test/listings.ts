import type { Kysely } from "kysely";
import type { SignedInSeller } from "~/auth/session.server";
import type { DatabaseSchema, NewListing } from "~/db/schema";

/** A seller to own test listings; they never sign in, so the password hash is a placeholder. */
export async function insertSeller(db: Kysely<DatabaseSchema>, username: string): Promise<number> {
  const { id } = await db
    .insertInto("seller")
    .values({
      username,
      display_name: username,
      password_hash: "not-a-hash",
      feedback_score: 0,
      store_url: `https://stores.example.com/${username}`,
      site: "EBAY_US",
      locale: "en-US",
      currency: "USD",
      created_at: Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
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

/** A seller of their own, as a route's server module receives them signed in: session "session-1", token "the-token". */
export async function signedInTestSeller(db: Kysely<DatabaseSchema>, username: string): Promise<SignedInSeller> {
  const id = await insertSeller(db, username);
  const seller = await db.selectFrom("seller").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return { seller, srt: "the-token", sessionId: "session-1" };
}
