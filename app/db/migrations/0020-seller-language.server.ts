import type { Kysely } from "kysely";

/**
 * The language a seller chose for the hub (app/i18n/languages.ts). Null, as for every seller until
 * they choose: their site's language, so a seller on eBay Germany meets the hub in German.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("seller").addColumn("language", "text").execute();
}
