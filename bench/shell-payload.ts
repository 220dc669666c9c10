/**
 * The shell's own data (`npm run bench:shell-payload`): what the shell's loader sends with every
 * page and every in-app navigation, in bytes (raw and brotli, as Chromium asks) on the pages sellers
 * move between, and its server time: one worker under 10 connections asking only for the shell's
 * data, median and p99. Uses the existing production build (`npm run build` first).
 * Writes results/shell-payload.md.
 */
import { writeFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import { signInOverHttp, startServerProcess, temporarySqliteUrl } from "../test/server-process.ts";
import { encodedBytes } from "./encoded-bytes.ts";
import { runLoad } from "./load.ts";

const PAGES = ["/sh/ovw", "/sh/lst/active", "/sh/lst/active?status=ended", "/sh/perf"];
/** Only the shell's loader runs for a data request that names it alone. */
const SHELL_ONLY = "_routes=routes%2Fsh%2Fshell";
const loadSeconds = process.argv.includes("--quick") ? 3 : 15;

const hub = await startServerProcess(temporarySqliteUrl());
try {
  const session = await signInOverHttp(hub.url);
  const rows: string[] = [];
  for (const page of PAGES) {
    const [path, query] = page.split("?");
    const url = `${hub.url}${path}.data?${query ? `${query}&` : ""}${SHELL_ONLY}`;
    const brotli = await encodedBytes(url, { Cookie: session, "Accept-Encoding": "br" });
    const raw = brotliDecompressSync(brotli).length;
    rows.push(`| \`${page}\` | ${raw.toLocaleString("en")} B | ${brotli.length.toLocaleString("en")} B |`);
  }
  const overview = `${hub.url}/sh/ovw.data?${SHELL_ONLY}`;
  await runLoad({ url: overview, headers: { Cookie: session }, connections: 10, durationSeconds: 3 });
  const load = await runLoad({
    url: overview,
    headers: { Cookie: session, "Accept-Encoding": "br" },
    connections: 10,
    durationSeconds: loadSeconds,
  });
  if (load.non2xx > 0 || load.errors > 0) throw new Error(`${load.non2xx} non-2xx answers, ${load.errors} errors`);
  const report = [
    `# The shell's data (${new Date().toISOString().slice(0, 10)})`,
    "",
    "| page | shell data, raw | brotli |",
    "|---|---|---|",
    ...rows,
    "",
    `The shell's data alone for \`/sh/ovw\`, one worker, 10 connections, ${loadSeconds} s: ` +
      `${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms.`,
    "",
  ].join("\n");
  writeFileSync(new URL("results/shell-payload.md", import.meta.url), report);
  console.log(report);
} finally {
  await hub.stop();
}
