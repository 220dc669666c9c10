import type { Kysely } from "kysely";

/**
 * The time zone a seller chose to read times in (app/time/time-zones.ts). Null, as for every seller
 * until they choose: their site's zone, so a seller on eBay Germany reads German time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("seller").addColumn("time_zone", "text").execute();
}
