import type { Kysely } from "kysely";
import { SIGN_IN_LIMITS } from "~/auth/sign-in-limits.server";
import type { DatabaseSchema } from "~/db/schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows deleted per statement: a long delete would hold SQLite's one writer, and a synchronous worker. */
const BATCH = 1_000;

export interface DeletedRecords {
  sessions: number;
  signInFailures: number;
  speedBeacons: number;
  trackingEvents: number;
}

/**
 * Deletes what no longer serves anyone: sessions past their expiry, sign-in failures that no
 * longer count towards a limit, and speed beacons and tracking events older than the retention. Safe to run from
 * every process and instance at once: each delete is of rows nobody reads any more.
 */
export async function deleteExpiredRecords(
  db: Kysely<DatabaseSchema>,
  speedBeaconRetentionDays: number,
  now = Date.now(),
): Promise<DeletedRecords> {
  const failuresCountUntil = now - SIGN_IN_LIMITS.windowMs;
  const beaconsKeptFrom = now - speedBeaconRetentionDays * DAY_MS;
  return {
    sessions: await inBatches(() =>
      db
        .deleteFrom("session")
        .where("id", "in", db.selectFrom("session").select("id").where("expires_at", "<=", now).limit(BATCH))
        .executeTakeFirstOrThrow(),
    ),
    signInFailures: await inBatches(() =>
      db
        .deleteFrom("sign_in_failure")
        .where(
          "id",
          "in",
          db.selectFrom("sign_in_failure").select("id").where("at", "<=", failuresCountUntil).limit(BATCH),
        )
        .executeTakeFirstOrThrow(),
    ),
    speedBeacons: await inBatches(() =>
      db
        .deleteFrom("speed_beacon")
        .where(
          "id",
          "in",
          db.selectFrom("speed_beacon").select("id").where("received_at", "<", beaconsKeptFrom).limit(BATCH),
        )
        .executeTakeFirstOrThrow(),
    ),
    trackingEvents: await inBatches(() =>
      db
        .deleteFrom("tracking_event")
        .where(
          "id",
          "in",
          db.selectFrom("tracking_event").select("id").where("received_at", "<", beaconsKeptFrom).limit(BATCH),
        )
        .executeTakeFirstOrThrow(),
    ),
  };
}

/** Repeats a delete of at most BATCH rows until one deletes fewer; how many were deleted in all. */
async function inBatches(deleteBatch: () => Promise<{ numDeletedRows: bigint }>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = Number((await deleteBatch()).numDeletedRows);
    deleted += batch;
    if (batch < BATCH) return deleted;
  }
}
