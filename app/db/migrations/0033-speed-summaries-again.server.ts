import { sql, type Kysely } from "kysely";
import type { Dialect } from "./dialect.server";

/**
 * Site speed summed again from the kept beacons (docs/decisions/049, "Read so far"): the hours'
 * figures now hold "what to fix" and script errors, which summaries written since migration 0032
 * lack, and the dashboard's 24 hours read them. Every summary is deleted and every kept beacon
 * queued again, as 0032 queued them; housekeeping sums the queue, oldest first, and the dashboard's
 * 24 hours read raw beacons until it has (`sumJustQueued`'s backlog).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`delete from speed_summary_hour`.execute(db);
  await sql`delete from speed_beacon_unsummed`.execute(db);
  await sql`insert into speed_beacon_unsummed (beacon_id) select id from speed_beacon`.execute(db);
  if (dialect === "postgres") await sql`analyze speed_beacon_unsummed`.execute(db);
}
