/**
 * `npm run bench:writes`: do writes stall other requests? Several server processes share one
 * SQLite file, and a write waits for the file's one writer. The production build runs with two
 * processes (WEB_CONCURRENCY, else two). After 5 s of warm-up, autocannon loads pages (overview,
 * listings) for 20 s, twice, back to back: alone, then while a second autocannon sends the writes
 * sellers make (speed beacons, opting out of and back into the new tool, closing a message,
 * signing in) on connections of its own. The pages' latency is what a stalled worker would show;
 * the writes' own is reported beside it (a sign-in is slow by design: its password hash). It
 * prints and writes bench/results/write-stall.md, with p99 ≤ 4 × p50 as the bound for the pages
 * under writes.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import autocannon from "autocannon";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { signInOverHttp, startServerProcess, temporarySqliteUrl } from "../test/server-process.ts";
import { beaconBody, beaconHeaders } from "./mixed-load.ts";
import { markdownTable } from "./report.ts";

const SECONDS = Number(process.argv.find((argument) => argument.startsWith("--seconds="))?.split("=")[1] ?? 20);
const WARM_UP_SECONDS = 5;
const CONNECTIONS = 20;
const WRITE_CONNECTIONS = 10;
const BOUND = 4;

buildIfNeeded();
const hub = await startServerProcess(process.env.DATABASE_URL ?? temporarySqliteUrl(), {
  WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "2",
  TRUST_PROXY: "true",
});

/** A signed-in seller's cookie and anti-forgery token, and the overview's first message. */
async function seller(username: string) {
  const cookie = await signInOverHttp(hub.url, username);
  const overview = await (await fetch(`${hub.url}/sh/ovw`, { headers: { Cookie: cookie } })).text();
  const srt = /name="srt" value="([^"]+)"/.exec(overview)?.[1] ?? "";
  const messageId = /name="messageId" value="([^"]+)"/.exec(overview)?.[1] ?? "";
  return { cookie, srt, messageId };
}

const demo = await seller("demo");
const switcher = await seller("blue-star");
const signInToken = randomBytes(24).toString("base64url");
const form = (cookie: string, fields: Record<string, string>): autocannon.Request => ({
  method: "POST",
  headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

const pages: autocannon.Request[] = [
  { method: "GET", path: "/sh/ovw", headers: { Cookie: demo.cookie } },
  { method: "GET", path: "/sh/lst/active?status=active&offset=20", headers: { Cookie: demo.cookie } },
];
const writes: autocannon.Request[] = [
  {
    method: "POST",
    path: "/sh/beacon",
    headers: { "Content-Type": "text/plain;charset=UTF-8", "Sec-Fetch-Site": "same-origin" },
    setupRequest: (request) => ({ ...request, headers: beaconHeaders(request.headers), body: beaconBody() }),
  },
  { ...form(switcher.cookie, { srt: switcher.srt }), path: "/sh/optout" },
  { ...form(switcher.cookie, { srt: switcher.srt }), path: "/sh/optin" },
  {
    ...form(demo.cookie, { srt: demo.srt, messageId: demo.messageId, returnTo: "/sh/ovw" }),
    path: "/sh/messages/close",
  },
  {
    ...form(`sh_signin_srt=${signInToken}`, { username: "turquoise-star", password: "sellerhub", srt: signInToken }),
    path: "/signin",
  },
];

interface Run {
  name: string;
  requests: number;
  p50: number;
  p99: number;
  failures: number;
}

async function run(
  name: string,
  requests: autocannon.Request[],
  seconds: number,
  connections = CONNECTIONS,
): Promise<Run> {
  let failures = 0;
  const result = await autocannon({
    url: hub.url,
    connections,
    duration: seconds,
    requests: requests.map((request) => ({
      ...request,
      onResponse: (status: number) => void (status >= 500 && (failures += 1)),
    })),
  });
  return {
    name,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: failures + result.errors + result.timeouts,
  };
}

await Promise.all([run("warm-up", pages, WARM_UP_SECONDS), run("warm-up", writes, WARM_UP_SECONDS, WRITE_CONNECTIONS)]);
const alone = await run("pages alone", pages, SECONDS);
const [underWrites, writesMeanwhile] = await Promise.all([
  run("pages while writes run", pages, SECONDS),
  run("the writes meanwhile", writes, SECONDS, WRITE_CONNECTIONS),
]);
await hub.stop();

const runs = [alone, underWrites, writesMeanwhile];
const table = markdownTable([
  ["load", "requests", "p50", "p99", "p99 ÷ p50", "5xx and errors"],
  ...runs.map((r) => [
    r.name,
    String(r.requests),
    `${r.p50} ms`,
    `${r.p99} ms`,
    `${(r.p99 / r.p50).toFixed(1)}×`,
    String(r.failures),
  ]),
]);
const verdict =
  underWrites.p99 <= BOUND * underWrites.p50 ? `holds: p99 ≤ ${BOUND} × p50` : `does not hold: p99 > ${BOUND} × p50`;
const report = `# Writes under mixed load\n\n${new Date().toISOString()}: pages on ${CONNECTIONS} connections and writes on ${WRITE_CONNECTIONS}, ${SECONDS} s, two server processes on one SQLite file.\n\n${table}\n\nFor the pages while writes run, the bound ${verdict}.\n`;
writeFileSync("bench/results/write-stall.md", report);
console.log(report);
if (runs.some((r) => r.failures > 0)) process.exitCode = 1;
