import type { Kysely } from "kysely";

/**
 * The client each beacon came from (its address, or its IPv6 /64), so the collector can limit
 * one client's beacons a minute and a day however many speed sessions it makes up; indexed for
 * that count. Beacons stored before have none, and count for nobody.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("speed_beacon").addColumn("client", "text").execute();
  await db.schema
    .createIndex("speed_beacon_client_received")
    .on("speed_beacon")
    .columns(["client", "received_at"])
    .execute();
}
