import type { Kysely } from "kysely";

/**
 * The appearance a seller chose (app/appearance/appearance.ts): light or dark whatever their
 * system says. Null, as for every seller until they choose: the system's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("seller").addColumn("appearance", "text").execute();
}
