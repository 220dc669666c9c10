import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";
import { isHubTimeZone } from "./time-zones";

/** Stores the seller's choice; a zone not offered is refused and nothing changes. */
export async function chooseTimeZone(
  db: Kysely<DatabaseSchema>,
  sellerId: number,
  timeZone: unknown,
): Promise<{ chosen: true } | { chosen: false }> {
  if (!isHubTimeZone(timeZone)) return { chosen: false };
  await db.updateTable("seller").set({ time_zone: timeZone }).where("id", "=", sellerId).execute();
  return { chosen: true };
}
