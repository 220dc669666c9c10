import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../app/db/schema.ts";
import { openAccount } from "../app/team/accounts.server";

/**
 * Accounts of journeys that need one no other test signs in to, with no listings: a sessions
 * journey that signs its member's other sessions out must find none of another test's there (the
 * demo's owner is signed in by many tests at once), and the dashboard's pinned figures must be
 * the only page views of theirs (another test browsing as the same seller adds its own).
 */
export const OWN_ACCOUNTS = ["sessions-keys", "sessions-nojs", "sessions-phone", "speed-shapes"] as const;

export async function addOwnAccounts(db: Kysely<DatabaseSchema>, passwordHash: string): Promise<void> {
  for (const username of OWN_ACCOUNTS)
    await openAccount(
      db,
      {
        username,
        display_name: `Own account ${username}`,
        feedback_score: 10,
        store_url: `https://stores.example.com/${username}`,
        site: "EBAY_US",
        locale: "en-US",
        currency: "USD",
        created_at: Date.now(),
      },
      passwordHash,
    );
}
