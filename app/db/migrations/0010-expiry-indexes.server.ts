import type { Kysely } from "kysely";

/**
 * Housekeeping deletes sessions past their expiry, sign-in failures that no longer count and
 * speed beacons past their retention (app/housekeeping/), every hour: by these indexes it finds
 * them without reading every row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("session_expires").on("session").column("expires_at").execute();
  await db.schema.createIndex("sign_in_failure_at").on("sign_in_failure").column("at").execute();
  await db.schema.createIndex("speed_beacon_received").on("speed_beacon").column("received_at").execute();
}
