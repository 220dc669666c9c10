/**
 * `npm run load`: 60 s of mixed load (overview, listings, listing detail, product summary frame,
 * beacons) at 50 connections against the production build. Prints requests, errors and memory
 * at start and end; fails on any error, any unexpected status, or memory that doubled.
 */
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { signInOverHttp, startServerProcess, temporarySqliteUrl } from "../test/server-process.ts";
import { runMixedLoad } from "./mixed-load.ts";

const seconds = Number(process.argv.find((argument) => argument.startsWith("--seconds="))?.split("=")[1] ?? 60);

buildIfNeeded();
const hub = await startServerProcess(process.env.DATABASE_URL ?? temporarySqliteUrl());
const session = await signInOverHttp(hub.url);
console.log(`load: ${seconds} s, 50 connections, against ${hub.url}`);
const report = await runMixedLoad({ url: hub.url, session, pid: hub.process.pid as number, seconds });
await hub.stop();

console.log(`requests: ${report.requests} (${Math.round(report.requests / seconds)}/s)`);
console.log(`errors: ${report.errors}`);
for (const [route, counts] of Object.entries(report.statuses)) {
  console.log(`  ${route}: ${Object.entries(counts).map(([status, count]) => `${count} × ${status}`).join(", ")}`);
}
console.log(`unexpected statuses: ${Object.keys(report.unexpected).length ? JSON.stringify(report.unexpected) : "none"}`);
console.log(`memory (RSS): ${report.rssStartMb.toFixed(1)} MB at start, ${report.rssEndMb.toFixed(1)} MB at end`);

const grewUnbounded = report.rssEndMb > 2 * report.rssStartMb;
if (grewUnbounded) console.log("memory doubled under load: look for a leak");
process.exit(report.errors === 0 && Object.keys(report.unexpected).length === 0 && !grewUnbounded ? 0 : 1);
