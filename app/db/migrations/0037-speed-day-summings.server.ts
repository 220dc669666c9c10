import type { Kysely } from "kysely";

/**
 * Each summing of a day has its own id (docs/decisions/049, "Closed days kept in memory"): a
 * serving process keeps the closed days it has read in its memory, and knows one it kept for the
 * summing whose id `speed_summary_day_built` names. A day deleted and summed again (by hand, or a
 * test's fresh start) is then read afresh. The days summed before this migration have the empty
 * id: summed once, their figures do not change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("speed_summary_day_built")
    .addColumn("summing_id", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}
