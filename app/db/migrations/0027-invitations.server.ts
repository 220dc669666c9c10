import type { Kysely } from "kysely";
import { idColumnType, type Dialect } from "./dialect.server";

/**
 * Invitations to an account's team (decision 086, step 3): the owner names a username and a role,
 * the hub keeps only the SHA-256 of the link's token (as sessions keep theirs), and the invitation
 * is used once, within its seven days, unless withdrawn first.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("invitation")
    .addColumn("id", idColumnType(dialect), (c) => c.primaryKey())
    .addColumn("seller_id", "integer", (c) => c.notNull().references("seller.id").onDelete("cascade"))
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "integer", (c) => c.references("member.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    // Withdrawn rather than deleted: the day's count of invitations sent keeps it.
    .addColumn("withdrawn_at", "bigint")
    .execute();
  await db.schema
    .createIndex("invitation_seller_created")
    .on("invitation")
    .columns(["seller_id", "created_at"])
    .execute();
  await db.schema.createIndex("invitation_username").on("invitation").column("username").execute();
}
