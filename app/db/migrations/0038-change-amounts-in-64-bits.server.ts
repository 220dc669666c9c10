import { sql, type Kysely } from "kysely";
import type { Dialect } from "./dialect.server";

/**
 * A bulk change's amount is kept in hundredths of the currency's major unit (price-change.ts), and
 * it may be as large as the hub's highest price: ¥99,999,999 is 9,999,999,900 hundredths, past
 * PostgreSQL's `integer` (2,147,483,647), so a yen seller's "set price to ¥30,000,000" failed
 * there (an audit of 2026-11-29). SQLite's integers are 64-bit already. Read back as a Number
 * (database.server.ts parses PostgreSQL's int8 so): far inside its exact range.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") await sql`alter table listing_change alter column amount type bigint`.execute(db);
}
