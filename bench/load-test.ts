/**
 * `npm run load`: 60 s of mixed load (overview, listings, listing detail, product summary frame,
 * beacons) at 50 connections against the production build, after 10 s of the same load to bring
 * the server to its working size. Prints requests, errors and memory at start and end; fails on
 * any error, any unexpected status, or memory that kept growing past its working size.
 */
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { serverProcessCount } from "../scripts/cluster.ts";
import { signInOverHttp, startServerProcess, temporarySqliteUrl } from "../test/server-process.ts";
import { runMixedLoad, type MixedLoadReport } from "./mixed-load.ts";
import { servingProcesses } from "./server-memory.ts";

const seconds = Number(process.argv.find((argument) => argument.startsWith("--seconds="))?.split("=")[1] ?? 60);
const WARM_UP_SECONDS = 10;
/** A heap that settles stays within this of its working size; a leak keeps going. */
const GROWTH_LIMIT = 1.2;

buildIfNeeded();
// As production runs it: WEB_CONCURRENCY, else one process per core.
const hub = await startServerProcess(process.env.DATABASE_URL ?? temporarySqliteUrl(), {
  WEB_CONCURRENCY: String(serverProcessCount()),
  TRUST_PROXY: "true",
});
const session = await signInOverHttp(hub.url);
const pid = hub.process.pid as number;
console.log(
  `load: ${WARM_UP_SECONDS} s of warm-up, then ${seconds} s, 50 connections, against ${hub.url} (${servingProcesses(pid)} serving processes)`,
);
const warmUp = await runMixedLoad({ url: hub.url, session, pid, seconds: WARM_UP_SECONDS });
const report = await runMixedLoad({ url: hub.url, session, pid, seconds });
await hub.stop();

const problems = (run: MixedLoadReport) =>
  run.errors + Object.values(run.unexpected).reduce((sum, count) => sum + count, 0);
console.log(
  `requests: ${report.requests} (${Math.round(report.requests / seconds)}/s), and ${warmUp.requests} in the warm-up`,
);
console.log(`errors: ${report.errors + warmUp.errors}`);
for (const [route, counts] of Object.entries(report.statuses)) {
  console.log(
    `  ${route}: ${Object.entries(counts)
      .map(([status, count]) => `${count} × ${status}`)
      .join(", ")}`,
  );
}
const unexpected = { ...warmUp.unexpected, ...report.unexpected };
console.log(`unexpected statuses: ${Object.keys(unexpected).length ? JSON.stringify(unexpected) : "none"}`);
console.log(
  `memory (RSS, every server process summed): ${warmUp.rssStartMb.toFixed(1)} MB idle, ${report.rssStartMb.toFixed(1)} MB at start (after the warm-up), ${report.rssEndMb.toFixed(1)} MB at end`,
);

const growth = report.rssEndMb / report.rssStartMb;
if (growth > GROWTH_LIMIT) console.log(`memory grew ${growth.toFixed(2)}× under steady load: look for a leak`);
process.exit(problems(warmUp) + problems(report) === 0 && growth <= GROWTH_LIMIT ? 0 : 1);
