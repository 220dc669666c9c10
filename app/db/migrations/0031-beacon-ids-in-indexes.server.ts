import { sql, type Kysely } from "kysely";
import type { Dialect } from "./dialect.server";

/**
 * The regression check reads an even sample of a week's beacons, every k-th by id
 * (`readEvenSample` in app/site-speed/site-speed-report.server.ts). SQLite's indexes end with the
 * row's id already, so it picks the sample from the index; PostgreSQL's did not, so it fetched
 * every beacon it passed to test its id: 2.3 million rows to keep 5,000 for a busy seller's week
 * in a hub of 10 million beacons, about a second (bench/README.md). With the id in the seller's
 * and the arrival time's indexes, it picks the sample from the index and fetches the 5,000 kept.
 *
 * - The new indexes replace the old ones and take their names, so the collector keeps as many
 *   indexes to write and the two databases' schemas stay alike. Both are built before either old
 *   one is dropped: building holds the beacons' writes, not their reads (15 s in all at 10
 *   million beacons, measured on the benchmark's database); dropping holds both, for a moment.
 * - An index is read without its rows only where PostgreSQL knows every row of a page is visible,
 *   which vacuuming tells it. By default autovacuum comes after inserts of a fifth of the table
 *   (six days of the benchmark's beacons at 10 million), so most of a week's rows would still be
 *   fetched; after a hundredth, it comes every seven hours of them, and a vacuum of inserts alone
 *   reads only the pages written since the last.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`create index speed_beacon_seller_received_id on speed_beacon (seller_id, received_at, id)`.execute(db);
  await sql`create index speed_beacon_received_id on speed_beacon (received_at, id)`.execute(db);
  await sql`drop index speed_beacon_seller_received`.execute(db);
  await sql`drop index speed_beacon_received`.execute(db);
  await sql`alter index speed_beacon_seller_received_id rename to speed_beacon_seller_received`.execute(db);
  await sql`alter index speed_beacon_received_id rename to speed_beacon_received`.execute(db);
  await sql`alter table speed_beacon set (autovacuum_vacuum_insert_scale_factor = 0.01)`.execute(db);
}
