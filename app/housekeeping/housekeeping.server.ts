import type { Kysely } from "kysely";
import type { DatabaseSchema } from "~/db/schema";
import { deleteExpiredRecords, type DeletedRecords } from "./expired-records.server";

const HOUR_MS = 60 * 60 * 1000;

export interface Housekeeping {
  /** No more sweeps; resolves once the one running, if any, has finished (before the database closes). */
  stop(): Promise<void>;
}

/**
 * Deletes expired records at start and then every `everyMs`, in the background of a serving
 * process. A failed sweep (the database away) is logged and tried again at the next.
 */
export function startHousekeeping(
  db: Kysely<DatabaseSchema>,
  speedBeaconRetentionDays: number,
  everyMs = HOUR_MS,
): Housekeeping {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = deleteExpiredRecords(db, speedBeaconRetentionDays).then(reportDeleted, (error: unknown) => {
      console.error(
        `Deleting expired records failed; trying again in ${everyMs / 60_000} minutes:`,
        error instanceof Error ? error.message : error,
      );
    });
  };
  sweep();
  // A sweep is no reason to keep a stopping process alive.
  const timer = setInterval(sweep, everyMs).unref();
  return {
    stop() {
      clearInterval(timer);
      return running;
    },
  };
}

function reportDeleted(deleted: DeletedRecords): void {
  if (Object.values(deleted).every((count) => count === 0)) return;
  console.log(
    `Deleted expired records: ${deleted.sessions} sessions, ${deleted.signInFailures} sign-in failures, ${deleted.speedBeacons} speed beacons, ${deleted.trackingEvents} tracking events, ${deleted.listingSelections} selected listings of ended sessions, ${deleted.pricePreviews} price previews never applied, ${deleted.knownBrowsers} browsers no longer known, ${deleted.activity} activity entries older than a year.`,
  );
}
