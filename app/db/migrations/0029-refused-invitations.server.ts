import type { Kysely } from "kysely";
import { idColumnType, type Dialect } from "./dialect.server";

/**
 * Invitations refused because their username was taken. Each counts among the account's day of
 * invitations, as a sent one does: otherwise an owner could ask the invitation form about any
 * number of usernames and learn which exist in the hub. The username itself is not kept: it may be
 * someone else's. Housekeeping deletes rows a day old.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("refused_invitation")
    .addColumn("id", idColumnType(dialect), (c) => c.primaryKey())
    .addColumn("seller_id", "integer", (c) => c.notNull().references("seller.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("refused_invitation_seller_created")
    .on("refused_invitation")
    .columns(["seller_id", "created_at"])
    .execute();
}
