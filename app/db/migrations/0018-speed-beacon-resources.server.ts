import { sql, type Kysely } from "kysely";
import type { Dialect } from "./dialect.server";

/**
 * A beacon's resource timings move to a column of their own. They are most of a beacon's bytes (up
 * to 300 of them in 64 kB) and nothing the dashboard shows, yet every dashboard view parsed them
 * with the figures of up to 10,002 beacons: seconds of a worker's event loop at the cap (the audit
 * in issue 28). Beacons stored before are split here, by the database's own JSON functions.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable("speed_beacon").addColumn("resources", "text").execute();
  if (dialect === "postgres") {
    // A beacon's text that jsonb refuses (a \u0000 in a script error's message, which json allows)
    // keeps its timings where they were, and the dashboard reads it as before: a cast failing in
    // the update itself would stop the migration, and the hub with it.
    await sql`
      create function pg_temp.beacon_json(metrics text) returns jsonb language plpgsql immutable as $$
      begin
        return metrics::jsonb;
      exception when others then
        return null;
      end $$`.execute(db);
    await sql`
      update speed_beacon
      set resources = (pg_temp.beacon_json(metrics) -> 'resources')::text,
        metrics = (pg_temp.beacon_json(metrics) - 'resources')::text
      where jsonb_exists(pg_temp.beacon_json(metrics), 'resources')`.execute(db);
  } else
    await sql`
      update speed_beacon
      set resources = json_extract(metrics, '$.resources'), metrics = json_remove(metrics, '$.resources')
      where json_valid(metrics) and json_type(metrics, '$.resources') is not null`.execute(db);
}
