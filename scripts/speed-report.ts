/**
 * `npm run speed:report`: the pages of DATABASE_URL's hub that got slower in the last 7 days
 * (UTC) than in the 7 before, every seller's page views counted, by the dashboard's rule
 * (app/site-speed/regressions.ts). Exits with 1 when a page got slower, so that a deployment can
 * check it; `--json` prints the regressions as JSON for a script.
 */
import { parseArgs } from "node:util";
import { openOperatorDatabase, refuse } from "./operator-database.ts";

const { findWeekRegressions } = await import("../app/site-speed/site-speed-report.server.ts");
const { formatVital } = await import("../app/site-speed/vitals.ts");

let json = false;
try {
  ({
    values: { json = false },
  } = parseArgs({ options: { json: { type: "boolean" } }, allowPositionals: false }));
} catch (error) {
  refuse([(error as Error).message, "Usage: npm run speed:report [-- --json]"], "no report was made");
}

const database = await openOperatorDatabase("no report was made");
const regressions = await findWeekRegressions(database.db, "everyone").finally(() => database.close());

if (json) console.log(JSON.stringify(regressions, null, 2));
else if (regressions.length === 0) console.log("No page got slower in the last 7 days than in the 7 days before.");
else {
  console.log(`${regressions.length} slower in the last 7 days than in the 7 days before (75th percentiles):`);
  for (const { pageName, vital, previousP75, p75, samples, previousSamples } of regressions) {
    const change = previousP75 === 0 ? "" : ` (+${Math.round((p75 / previousP75 - 1) * 100)}%)`;
    console.log(
      `  ${pageName}\t${vital}\t${formatVital(vital, previousP75, "en")} → ${formatVital(vital, p75, "en")}${change}\t` +
        `over ${samples} and ${previousSamples} page views`,
    );
  }
}
process.exitCode = regressions.length === 0 ? 0 : 1;
