import { sql, type Kysely } from "kysely";

/**
 * An account has exactly one owner (decision 086). Since the owner can hand the account over, the
 * database holds that too, not only the code: a partial unique index, which SQLite and PostgreSQL
 * both have. `handOverOwnership` demotes the owner before it promotes the member, so each of its
 * statements leaves one owner or none, never two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("member_one_owner")
    .on("member")
    .column("seller_id")
    .unique()
    .where(sql.ref("role"), "=", "owner")
    .execute();
}
