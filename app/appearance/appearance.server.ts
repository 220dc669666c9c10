import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";
import { isAppearance } from "./appearance";

/** Stores the seller's choice ("system" as none); any other value is refused and nothing changes. */
export async function chooseAppearance(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  appearance: unknown,
): Promise<{ chosen: true } | { chosen: false }> {
  if (!isAppearance(appearance)) return { chosen: false };
  await db
    .updateTable("seller")
    .set({ appearance: appearance === "system" ? null : appearance })
    .where("id", "=", sellerId)
    .execute();
  return { chosen: true };
}
