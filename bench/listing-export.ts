/**
 * `npm run bench:export`: exporting a seller's listings as CSV (app/listing-files/), through HTTP
 * from the production build (two worker processes, one SQLite file or DATABASE_URL's PostgreSQL).
 * Sellers of 10,000 and 100,000 listings download their whole export three times each. It reports
 * the median time to the first byte and to the last, the file's size, and the largest growth of
 * any worker's resident memory while the download ran, sampled every 20 ms (issue 31: 100,000
 * listings never in memory at once). Then the import: each seller's export sent back with 10,000
 * prices raised by one minor unit (10,000 rows, and the first 50,000: the most a file takes) is
 * checked and previewed, and the preview applied, timed once each. Figures of one run,
 * compared with each other, in bench/results/listing-export.md; bench/README.md reads them.
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
const { openAccount } = await import("../app/team/accounts.server.ts");
{
  const database = await openDatabase(databaseUrl);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const size of SIZES) {
    const { sellerId: id } = await openAccount(
      database.db,
      {
        username: `exporter-${size}`,
        display_name: `Exporter ${size}`,
        feedback_score: 100,
        store_url: `https://stores.example.com/exporter-${size}`,
        site: "EBAY_US",
        locale: "en-US",
        currency: "USD",
        created_at: Date.now(),
      },
      passwordHash,
    );
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

/**
 * The export's first `rows` rows as a file to send back, the first `changed` of them with their
 * price one minor unit higher.
 */
async function editedExport(cookie: string, rows: number, changed: number): Promise<Blob> {
  const { parse } = await import("csv-parse/sync");
  const { stringify } = await import("csv-stringify/sync");
  const response = await fetch(`${hub.url}/sh/lst/export`, { headers: { Cookie: cookie } });
  const [headings, ...records] = parse(Buffer.from(await response.arrayBuffer()), { bom: true }) as string[][];
  const price = (headings as string[]).indexOf("Price");
  const edited = records.slice(0, rows).map((record, index) => {
    if (index >= changed) return record;
    const cents = Math.round(Number(record[price]) * 100) + 1;
    record[price] = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
    return record;
  });
  return new Blob([stringify([headings as string[], ...edited], { record_delimiter: "windows", bom: true })], {
    type: "text/csv",
  });
}

/** Sends the file as the import page's form does, then applies the preview it leads to; times both. */
async function importAndApply(cookie: string, file: Blob): Promise<{ checkMs: number; applyMs: number }> {
  const page = await (await fetch(`${hub.url}/sh/lst/import`, { headers: { Cookie: cookie } })).text();
  const srt = /name="srt" value="([^"]+)"/.exec(page)?.[1] as string;
  const form = new FormData();
  form.set("srt", srt);
  form.set("file", file, "listings.csv");
  let started = performance.now();
  const checked = await fetch(`${hub.url}/sh/lst/import`, {
    method: "POST",
    headers: { Cookie: cookie, "Sec-Fetch-Site": "same-origin" },
    body: form,
    redirect: "manual",
  });
  const checkMs = performance.now() - started;
  const preview = checked.headers.get("Location");
  if (checked.status !== 303 || !preview) throw new Error(`import: ${checked.status} ${await checked.text()}`);
  started = performance.now();
  const applied = await fetch(`${hub.url}${preview}/apply`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin",
    },
    body: new URLSearchParams({ srt }),
    redirect: "manual",
  });
  const applyMs = performance.now() - started;
  if (applied.status !== 303) throw new Error(`apply: ${applied.status} ${await applied.text()}`);
  return { checkMs, applyMs };
}

const results: string[][] = [];
const imports: string[][] = [];
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
    // The most a file takes: 50,000 rows, of which 10,000 change (one change's most).
    const rows = Math.min(size, 50_000);
    const changed = Math.min(rows, 10_000);
    const file = await editedExport(cookie, rows, changed);
    const { checkMs, applyMs } = await importAndApply(cookie, file);
    imports.push([
      rows.toLocaleString("en-US"),
      changed.toLocaleString("en-US"),
      kB(file.size),
      ms(checkMs),
      ms(applyMs),
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
  "Importing: the export sent back with prices one minor unit higher, checked and previewed, then applied; once each.",
  "",
  markdownTable([["rows", "prices changed", "file", "checked and previewed", "applied"], ...imports]),
  "",
].join("\n");
writeFileSync(new URL("results/listing-export.md", import.meta.url), report);
console.log(report);
