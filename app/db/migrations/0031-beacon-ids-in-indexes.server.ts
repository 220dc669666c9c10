import { sql, type Kysely } from "kysely";
import type { Dialect } from "./dialect.server";

/**
 * The regression check read an even sample of a week's beacons then, every k-th by id (it has
 * gone since: regressions are judged from the sums, decision 049; the indexes stay, as the
 * collector's and the raw read's during a backlog). SQLite's indexes end with the row's id
 * already, so it picked the sample from the index. PostgreSQL's did not, so it fetched every
 * beacon it passed to test its id: for a busy seller in a hub of 10 million beacons, the planner
 * walked the arrival time's index through everyone's week, 2.3 million rows, to keep 4,982, in
 * about a second (bench/README.md). With the id in the seller's and the arrival time's indexes,
 * it picks the sample from the index and fetches only the beacons it keeps.
 *
 * - The new indexes replace the old ones and take their names, so the collector keeps as many
 *   indexes to write and the two databases' schemas stay alike. Both are built before either old
 *   one is dropped: building holds the beacons' writes, not their reads (15 s in all at 10
 *   million beacons, measured on the benchmark's database); dropping holds both, for a moment.
 * - An index is read without its rows only where PostgreSQL knows every row of a page to be
 *   visible, which vacuuming records. By default autovacuum comes after inserts of a fifth of the
 *   table: with 90 days of beacons kept (decision 043), 18 days of them, so a week's sample would
 *   fetch most of its rows again. Here it comes after every 100,000 beacons inserted, whatever
 *   the table's size: unvacuumed, they would cost the sample of a seller with a tenth of them some
 *   25 ms, scaled from the measures in bench/README.md.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`create index speed_beacon_seller_received_id on speed_beacon (seller_id, received_at, id)`.execute(db);
  await sql`create index speed_beacon_received_id on speed_beacon (received_at, id)`.execute(db);
  await sql`drop index speed_beacon_seller_received`.execute(db);
  await sql`drop index speed_beacon_received`.execute(db);
  await sql`alter index speed_beacon_seller_received_id rename to speed_beacon_seller_received`.execute(db);
  await sql`alter index speed_beacon_received_id rename to speed_beacon_received`.execute(db);
  await sql`
    alter table speed_beacon
    set (autovacuum_vacuum_insert_threshold = 100000, autovacuum_vacuum_insert_scale_factor = 0)`.execute(db);
}
