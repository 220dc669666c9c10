/**
 * `npm run bench:bulk-prices`: a bulk price change of 10,000 listings, and what other sellers feel
 * while it runs. The production build serves with two processes on one SQLite file (or
 * DATABASE_URL's PostgreSQL), where a seller "bulk" has 10,000 active listings. Through HTTP, as
 * the browser does: select all matching, preview, apply (asking for its progress), undo, and again,
 * for 20 s, while autocannon loads the demo seller's overview and listings on 10 connections.
 * Before that, the same pages alone for 20 s. It reports the medians of preview, apply and undo,
 * the time to the first progress line, and the pages' p50 and p99 alone and meanwhile, in
 * bench/results/bulk-prices.md. Figures of one run, compared with each other.
 */
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { registerAppModules } from "../scripts/app-modules.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { signInOverHttp, startServerProcess, temporarySqliteUrl } from "../test/server-process.ts";
import { markdownTable, median } from "./report.ts";

const LISTINGS = Number(process.argv.find((argument) => argument.startsWith("--listings="))?.split("=")[1] ?? 10_000);
const SECONDS = Number(process.argv.find((argument) => argument.startsWith("--seconds="))?.split("=")[1] ?? 20);
const CONNECTIONS = 10;

buildIfNeeded();
const databaseUrl = process.env.DATABASE_URL ?? temporarySqliteUrl();
const hub = await startServerProcess(databaseUrl, { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "2" });

// The seller, added beside the demo the server seeded.
registerAppModules();
const { openDatabase } = await import("../app/db/database.server.ts");
const { generateListings, insertListings, DEMO_PASSWORD } = await import("../app/db/seed.server.ts");
const { hashPassword } = await import("../app/auth/password.server.ts");
const { openAccount } = await import("../app/team/accounts.server.ts");
{
  const database = await openDatabase(databaseUrl);
  const { sellerId: id } = await openAccount(
    database.db,
    {
      username: "bulk",
      display_name: "Bulk Seller",
      feedback_score: 100,
      store_url: "https://stores.example.com/bulk",
      site: "EBAY_US",
      locale: "en-US",
      currency: "USD",
      created_at: Date.now(),
    },
    await hashPassword(DEMO_PASSWORD),
  );
  await insertListings(
    database.db,
    generateListings(id, LISTINGS, 7).map((listing) => ({ ...listing, status: "active" })),
  );
  await database.close();
}

async function signedIn(username: string) {
  const cookie = await signInOverHttp(hub.url, username);
  const page = await (await fetch(`${hub.url}/sh/lst/active`, { headers: { Cookie: cookie } })).text();
  const srt = /name="srt" value="([^"]+)"/.exec(page)?.[1] ?? "";
  return { cookie, srt };
}

const bulk = await signedIn("bulk");
const demo = await signedIn("demo");

async function post(path: string, fields: Record<string, string>, accept?: string): Promise<Response> {
  const response = await fetch(`${hub.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Cookie: bulk.cookie,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(accept && { Accept: accept }),
    },
    body: new URLSearchParams({ srt: bulk.srt, ...fields }),
  });
  if (response.status >= 400) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

interface Round {
  selectMs: number;
  previewMs: number;
  applyMs: number;
  firstProgressMs: number;
  undoMs: number;
}

/** Reads a change's progress lines to the end; the time of the first, and whether it was done. */
async function runWithProgress(path: string): Promise<{ ms: number; firstProgressMs: number }> {
  const started = performance.now();
  const response = await post(path, {}, "application/x-ndjson");
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let text = "";
  let firstProgressMs = Number.NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (Number.isNaN(firstProgressMs)) firstProgressMs = performance.now() - started;
    text += new TextDecoder().decode(value);
  }
  if (!text.includes('"type":"done"')) throw new Error(`${path} did not finish: ${text.slice(-300)}`);
  return { ms: performance.now() - started, firstProgressMs };
}

async function round(): Promise<Round> {
  let started = performance.now();
  await post("/sh/lst/active?status=active", { intent: "all" });
  const selectMs = performance.now() - started;
  started = performance.now();
  const preview = await post("/sh/lst/prices", { kind: "raise_percent", amount: "5", ending: "99" });
  const previewMs = performance.now() - started;
  const changePath = preview.headers.get("Location") ?? "";
  const apply = await runWithProgress(`${changePath}/apply`);
  const undo = await runWithProgress(`${changePath}/undo`);
  return { selectMs, previewMs, applyMs: apply.ms, firstProgressMs: apply.firstProgressMs, undoMs: undo.ms };
}

const pages: autocannon.Request[] = [
  { method: "GET", path: "/sh/ovw", headers: { Cookie: demo.cookie } },
  { method: "GET", path: "/sh/lst/active?status=active&offset=20", headers: { Cookie: demo.cookie } },
];

async function loadPages(seconds: number) {
  let failures = 0;
  const result = await autocannon({
    url: hub.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: pages.map((request) => ({
      ...request,
      onResponse: (status: number) => void (status >= 400 && (failures += 1)),
    })),
  });
  return {
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: failures + result.errors + result.timeouts,
  };
}

await round(); // warm-up
await loadPages(3);
const alone = await loadPages(SECONDS);
const rounds: Round[] = [];
const loadEndsAt = performance.now() + SECONDS * 1000;
const meanwhile = loadPages(SECONDS);
// Rounds follow one another while the pages are loaded; the last may end just after.
while (performance.now() < loadEndsAt) rounds.push(await round());
const during = await meanwhile;
await hub.stop();

const ms = (value: number) => `${Math.round(value)} ms`;
const figure = (pick: (r: Round) => number) => ms(median(rounds.map(pick)));
const report = `# A bulk price change of ${LISTINGS.toLocaleString("en-US")} listings

${new Date().toISOString()}: two server processes, ${databaseUrl.startsWith("postgres") ? "PostgreSQL" : "one SQLite file"}; ${rounds.length} rounds (select all, preview, apply, undo) in ${SECONDS} s, medians.

${markdownTable([
  ["step", "median"],
  ["select all matching (10,000)", figure((r) => r.selectMs)],
  ["preview (stores 10,000 new prices)", figure((r) => r.previewMs)],
  ["apply, to the last progress line", figure((r) => r.applyMs)],
  ["apply, to the first progress line", figure((r) => r.firstProgressMs)],
  ["undo", figure((r) => r.undoMs)],
])}

Another seller's pages (overview and listings) on ${CONNECTIONS} connections:

${markdownTable([
  ["load", "requests", "p50", "p99", "4xx, 5xx and errors"],
  ["alone", String(alone.requests), `${alone.p50} ms`, `${alone.p99} ms`, String(alone.failures)],
  ["while bulk changes run", String(during.requests), `${during.p50} ms`, `${during.p99} ms`, String(during.failures)],
])}
`;
writeFileSync("bench/results/bulk-prices.md", report);
console.log(report);
if (alone.failures + during.failures > 0) process.exitCode = 1;
