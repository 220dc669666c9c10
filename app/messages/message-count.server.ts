import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";

/** Messages meant for this seller (or for every seller) whose time is now. */
export async function countCurrentMessages(db: Kysely<DatabaseSchema>, sellerId: number, now = Date.now()): Promise<number> {
  const { count } = await db
    .selectFrom("message")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where((eb) => eb.or([eb("seller_id", "=", sellerId), eb("seller_id", "is", null)]))
    .where("starts_at", "<=", now)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .executeTakeFirstOrThrow();
  return Number(count);
}
