import type { Kysely } from "kysely";
import { idColumnType, type Dialect } from "./dialect.server";

/** Failed sign-ins, so every instance limits guessing the same way. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("sign_in_failure")
    .addColumn("id", idColumnType(dialect), (c) => c.primaryKey())
    .addColumn("account", "text", (c) => c.notNull())
    .addColumn("client", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sign_in_failure_account_at").on("sign_in_failure").columns(["account", "at"]).execute();
  await db.schema.createIndex("sign_in_failure_client_at").on("sign_in_failure").columns(["client", "at"]).execute();
}
