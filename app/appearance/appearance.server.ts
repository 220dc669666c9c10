import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";
import { isAppearance } from "./appearance";

/** Stores the member's choice ("system" as none); any other value is refused and nothing changes. */
export async function chooseAppearance(
  db: Kysely<DatabaseSchema>,
  memberId: number,
  appearance: unknown,
): Promise<{ chosen: true } | { chosen: false }> {
  if (!isAppearance(appearance)) return { chosen: false };
  await db
    .updateTable("member")
    .set({ appearance: appearance === "system" ? null : appearance })
    .where("id", "=", memberId)
    .execute();
  return { chosen: true };
}
