/**
 * `npm run bench:export`: exporting a seller's listings as CSV (app/listing-files/), through HTTP
 * from the production build (two worker processes, one SQLite file or DATABASE_URL's PostgreSQL).
 * Sellers of 10,000 and 100,000 listings download their whole export three times each. It reports
 * the median time to the first byte and to the last, the file's size, and the largest growth of
 * any worker's resident memory while the download ran, sampled every 20 ms (issue 31: 100,000
 * listings never in memory at once). Figures of one run, compared with each other, in
 * bench/results/listing-export.md; bench/README.md reads them.
 */
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { registerAppModules } from "../scripts/app-modules.ts";
import { buildIfNeeded } from "../scripts/build-if-needed.ts";
import { signInOverHttp, startServerProcess, temporarySqliteUrl } from "../test/server-process.ts";
import { kB, markdownTable, median, ms } from "./report.ts";
import { processMemoryMb } from "./server-memory.ts";

const SIZES = [10_000, 100_000];
const RUNS = 3;

buildIfNeeded();
const databaseUrl = process.env.DATABASE_URL ?? temporarySqliteUrl();
const hub = await startServerProcess(databaseUrl, { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "2" });

registerAppModules();
const { openDatabase } = await import("../app/db/database.server.ts");
const { generateListings, insertListings, DEMO_PASSWORD } = await import("../app/db/seed.server.ts");
const { hashPassword } = await import("../app/auth/password.server.ts");
{
  const database = await openDatabase(databaseUrl);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const size of SIZES) {
    const { id } = await database.db
      .insertInto("seller")
      .values({
        username: `exporter-${size}`,
        display_name: `Exporter ${size}`,
        password_hash: passwordHash,
        feedback_score: 100,
        store_url: `https://stores.example.com/exporter-${size}`,
        site: "EBAY_US",
        locale: "en-US",
        currency: "USD",
        created_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertListings(database.db, generateListings(id, size, 11));
  }
  await database.close();
}

const workerRss = () =>
  processMemoryMb(hub.process.pid as number)
    .filter(({ role }) => role !== "primary")
    .map(({ rssMb }) => rssMb);

interface Download {
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  rows: number;
  growthMb: number;
}

async function download(cookie: string): Promise<Download> {
  const before = workerRss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = workerRss().map((rss, index) => Math.max(rss, peak[index] ?? 0));
  }, 20);
  const started = performance.now();
  const response = await fetch(`${hub.url}/sh/lst/export`, { headers: { Cookie: cookie } });
  if (!response.ok || !response.body) throw new Error(`export: ${response.status}`);
  let firstByteMs = 0;
  let bytes = 0;
  let rows = 0;
  for await (const chunk of response.body) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) rows += 1;
  }
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  const growthMb = Math.max(...peak.map((rss, index) => rss - (before[index] ?? rss)));
  return { firstByteMs, totalMs, bytes, rows: rows - 1, growthMb };
}

const results: string[][] = [];
try {
  for (const size of SIZES) {
    const cookie = await signInOverHttp(hub.url, `exporter-${size}`);
    // One download to warm the worker up (its statements prepared, its code compiled).
    await download(cookie);
    const runs: Download[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await download(cookie));
    if (runs.some((run) => run.rows !== size)) throw new Error(`expected ${size} rows, got ${runs.map((r) => r.rows)}`);
    results.push([
      size.toLocaleString("en-US"),
      ms(median(runs.map((run) => run.firstByteMs))),
      ms(median(runs.map((run) => run.totalMs))),
      `${Math.round(size / (median(runs.map((run) => run.totalMs)) / 1000)).toLocaleString("en-US")}/s`,
      kB(median(runs.map((run) => run.bytes))),
      `${median(runs.map((run) => run.growthMb)).toFixed(1)} MB`,
    ]);
  }
} finally {
  await hub.stop();
}

const report = [
  "# Exporting listings as CSV",
  "",
  `${new Date().toISOString().slice(0, 10)}, ${databaseUrl.startsWith("postgres") ? "PostgreSQL" : "SQLite"}, two workers; medians of ${RUNS} downloads after one to warm up.`,
  "",
  markdownTable([
    ["listings", "first byte", "whole file", "rows a second", "file", "worker memory growth"],
    ...results,
  ]),
  "",
].join("\n");
writeFileSync(new URL("results/listing-export.md", import.meta.url), report);
console.log(report);
