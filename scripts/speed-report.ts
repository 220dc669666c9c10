/**
 * `npm run speed:report`: the pages of DATABASE_URL's hub that got slower in the last 7 days
 * (UTC days, today included) than in the 7 before, every page view the hub measured counted, by
 * the dashboard's rule (app/site-speed/regressions.ts, decision 047), from the sums as the
 * dashboard judges it (decision 049): the hub's UTC days, which housekeeping sums from every
 * account's hours (or the report, the first time), and today's hours. It first sums what waits
 * in the queue, as housekeeping would. Exits with 0 when no page
 * got slower, 1 when one did, and 2 when it could not tell (a refusal, a database that failed),
 * so that a scheduled check or a deployment tells "slower" from "not checked".
 */
import { parseArgs } from "node:util";
import { isoTime, openOperatorDatabase, refuse } from "./operator-database.ts";

/** The exit code of "could not tell"; 1 is "a page got slower". */
const NOT_CHECKED = 2;

// Anything unforeseen (a write to a closed pipe, a failed import) is "could not tell", never "slower".
for (const event of ["uncaughtException", "unhandledRejection"] as const)
  process.on(event, (error) => {
    console.error(`The report failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(NOT_CHECKED);
  });

const { findWeekRegressions } = await import("../app/site-speed/site-speed-report.server.ts");
const { sumNewBeacons } = await import("../app/site-speed/sum-beacons.server.ts");
const { formatVital } = await import("../app/site-speed/vitals.ts");
const { RELATIVE_ACCURACY } = await import("../app/site-speed/log-histogram.ts");

const USAGE = "Usage: npm run speed:report [-- --json]";

let options: { json?: boolean; help?: boolean };
try {
  ({ values: options } = parseArgs({
    options: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    allowPositionals: false,
  }));
} catch (error) {
  refuse([(error as Error).message, USAGE], "no report was made", NOT_CHECKED);
}
if (options.help) {
  console.log(
    `${USAGE}\n\nPrints the pages that got slower in the last 7 days than in the 7 days before;\nexits with 0 if none did, 1 if one did, 2 if it could not tell.`,
  );
  process.exit(0);
}

/** The week's regressions, or a refusal with 2 when the database cannot be opened or read. */
async function readRegressions() {
  let database: Awaited<ReturnType<typeof openOperatorDatabase>> | undefined;
  try {
    database = await openOperatorDatabase("no report was made", NOT_CHECKED);
    // What the serving processes' housekeeping has not summed yet (the last minute's, or all of
    // a stopped hub's queue) is summed first, as housekeeping would: every page view counts.
    await sumNewBeacons(database);
    // On PostgreSQL a serving process may be summing the queue at this moment: what it holds is
    // not counted, and the report says how much.
    const { waiting } = await database.db
      .selectFrom("speed_beacon_unsummed")
      .select((eb) => eb.fn.countAll<number | string>().as("waiting"))
      .executeTakeFirstOrThrow();
    return { ...(await findWeekRegressions(database.db, "everyone")), notYetSummed: Number(waiting) };
  } catch (error) {
    refuse([`The database failed: ${(error as Error).message}`], "no report was made", NOT_CHECKED);
  } finally {
    await database?.close();
  }
}

const found = await readRegressions();

const { since, until, regressions, notYetSummed } = found;
const notYetSummedNote = `${notYetSummed.toLocaleString("en")} beacons were still being summed by the hub, and are not counted: run the report again in a minute.`;
if (options.json)
  console.log(
    JSON.stringify(
      {
        since: isoTime(since),
        until: isoTime(until),
        percentilesWithin: RELATIVE_ACCURACY,
        notYetSummed,
        regressions,
      },
      null,
      2,
    ),
  );
else {
  const window = `from ${isoTime(since)} to ${isoTime(until)}`;
  if (regressions.length === 0)
    console.log(`No page got slower in the last 7 days (${window}) than in the 7 days before.`);
  else {
    // Percentiles are read from log histograms, as the dashboard's are (app/site-speed/log-histogram.ts).
    const within = `${RELATIVE_ACCURACY * 100} %`;
    console.log(
      `Slower in the last 7 days (${window}) than in the 7 days before, at the 75th percentile (each within ${within}):`,
    );
    for (const { pageName, vital, previousP75, p75, samples, previousSamples } of regressions) {
      const change = previousP75 === 0 ? "" : ` (+${Math.round((p75 / previousP75 - 1) * 100)}%)`;
      console.log(
        `  ${pageName}\t${vital}\t${formatVital(vital, previousP75, "en")} → ${formatVital(vital, p75, "en")}${change}\t` +
          `over ${samples} and ${previousSamples} page views`,
      );
    }
  }
  if (notYetSummed > 0) console.log(notYetSummedNote);
}
process.exitCode = regressions.length === 0 ? 0 : 1;
