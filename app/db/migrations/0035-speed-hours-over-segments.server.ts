import type { Kysely } from "kysely";

/**
 * Hours summed over every segment (docs/decisions/049, "Hours over every segment"), as days are,
 * for the accounts someone reads: `speed_hours_over_segments` holds each such account's first
 * hour that keeps the sums (app/site-speed/hours-over-segments.server.ts). It starts empty: the
 * first view of an account sums its last two days' hours and writes its row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("speed_hours_over_segments")
    .addColumn("seller_id", "integer", (c) => c.primaryKey())
    .addColumn("since", "bigint", (c) => c.notNull())
    .execute();
}
