import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../app/db/schema.ts";
import { openAccount } from "../app/team/accounts.server";

/**
 * Accounts of the sessions journeys, one each, with no listings: a journey that signs its member's
 * other sessions out must find none of another test's there (the demo's owner is signed in by
 * many tests at once).
 */
export const SESSION_ACCOUNTS = ["sessions-keys", "sessions-nojs", "sessions-phone"] as const;

export async function addSessionAccounts(db: Kysely<DatabaseSchema>, passwordHash: string): Promise<void> {
  for (const username of SESSION_ACCOUNTS)
    await openAccount(
      db,
      {
        username,
        display_name: `Sessions ${username.split("-")[1]}`,
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
