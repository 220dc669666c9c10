import type { Kysely } from "kysely";

/**
 * The beacon collector counts a speed session's beacons of the last minute (its rate limit);
 * the site-speed dashboard reads one seller's beacons of a period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("speed_beacon_session_received")
    .on("speed_beacon")
    .columns(["speed_session", "received_at"])
    .execute();
  await db.schema
    .createIndex("speed_beacon_seller_received")
    .on("speed_beacon")
    .columns(["seller_id", "received_at"])
    .execute();
}
