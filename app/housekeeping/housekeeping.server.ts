import type { Database } from "~/db/database.server";
import { reportMismatches, sumNewBeacons } from "~/site-speed/sum-beacons.server";
import { sumClosedDays } from "~/site-speed/summed-days.server";
import { deleteExpiredRecords, type DeletedRecords } from "./expired-records.server";

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

export interface Housekeeping {
  /** No more runs; resolves once those running, if any, have finished (before the database closes). */
  stop(): Promise<void>;
}

/**
 * The background work of a serving process, each job at start and then on its own timer: deleting
 * expired records (every `sweepEveryMs`), summing new site-speed beacons into their hours'
 * summaries (every `sumEveryMs`), and the days that closed into days' summaries, in the zones
 * read (every `sumDaysEveryMs`: `sumClosedDays`, docs/decisions/049). Every process runs them all;
 * the jobs are safe to run at once from several. A failed run (the database away) is logged and
 * tried again at the next.
 */
export function startHousekeeping(
  database: Database,
  speedBeaconRetentionDays: number,
  { sweepEveryMs = HOUR_MS, sumEveryMs = MINUTE_MS, sumDaysEveryMs = 10 * MINUTE_MS } = {},
): Housekeeping {
  let stopping = false;
  const jobs = [
    repeat(sweepEveryMs, "Deleting expired records", async () =>
      reportDeleted(await deleteExpiredRecords(database.db, speedBeaconRetentionDays)),
    ),
    repeat(sumEveryMs, "Summing site-speed beacons", async () =>
      reportMismatches(await sumNewBeacons(database, { stopping: () => stopping })),
    ),
    repeat(sumDaysEveryMs, "Summing site-speed days", async () =>
      reportDaysSummed(await sumClosedDays(database.db, { stopping: () => stopping })),
    ),
  ];
  return {
    async stop() {
      stopping = true;
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}

/** Runs `job` now and every `everyMs`; a run due while one is running follows it, never two at once. */
function repeat(everyMs: number, what: string, job: () => Promise<void>): Housekeeping {
  let running: Promise<void> | undefined;
  let due = false;
  let stopped = false;
  const run = () => {
    if (running) {
      due = true;
      return;
    }
    running = job()
      .catch((error: unknown) => {
        console.error(
          `${what} failed; trying again in ${everyMs === MINUTE_MS ? "a minute" : `${everyMs / MINUTE_MS} minutes`}:`,
          error instanceof Error ? error.message : error,
        );
      })
      .finally(() => {
        running = undefined;
        if (due && !stopped) {
          due = false;
          run();
        }
      });
  };
  run();
  // A run is no reason to keep a stopping process alive.
  const timer = setInterval(run, everyMs).unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

function reportDeleted(deleted: DeletedRecords): void {
  if (Object.values(deleted).every((count) => count === 0)) return;
  console.log(
    `Deleted expired records: ${deleted.sessions} sessions, ${deleted.signInFailures} sign-in failures, ${deleted.speedBeacons} speed beacons, ${deleted.speedSummaries} site-speed summaries of an hour, ${deleted.trackingEvents} tracking events, ${deleted.trackingHours} hours of tracking counted, ${deleted.listingSelections} selected listings of ended sessions, ${deleted.pricePreviews} price previews never applied, ${deleted.knownBrowsers} browsers no longer known, ${deleted.activity} activity entries older than a year.`,
  );
}

function reportDaysSummed(days: number): void {
  if (days > 0) console.log(`Summed ${days} closed ${days === 1 ? "day" : "days"} of site speed into days' summaries.`);
}
