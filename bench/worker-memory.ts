/**
 * `npm run bench:memory`: where a serving worker's memory goes under load, and what each remedy
 * does to it (issue 34: every worker ≤ 200 MB after the load test, throughput kept).
 *
 * For each setting, a fresh server on a SQLite file with the demo data, in one worker per core, is
 * loaded on `/sh/ovw` at 50 connections for 10 s to reach its working size, then for 30 s. Then
 * each worker's resident memory is read, split by /proc's smaps_rollup into anonymous (V8's heap,
 * the allocator's) and file-backed (Node's code, the database file), and beside it what V8 says
 * it holds (prom-client's gauges, each worker's summed by the metrics endpoint, divided here).
 * Throughput is the 30 s load's, with the workers' CPU time (user and system) a request: the load
 * generator shares the cores, so requests a second move with the machine, CPU a request less.
 *
 * Each setting reaches the workers through their environment (NODE_OPTIONS, LD_PRELOAD, glibc's
 * MALLOC_ variables), as an operator would set it. `node bench/worker-memory.ts [part of a
 * setting's name …]` runs some; ROUNDS=2 runs each twice, in turns, since the throughput of one
 * run on a shared machine moves by a fifth. Compare the rows of one run, not rows of different runs.
 */
import { existsSync, readFileSync } from "node:fs";
import { serverProcessCount } from "../scripts/cluster.ts";
import { serverProcessIds, signInOverHttp, startServerProcess, temporarySqliteUrl } from "../test/server-process.ts";
import { runLoad } from "./load.ts";
import { markdownTable } from "./report.ts";

/** Debian's package libjemalloc2. */
const JEMALLOC = "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2";

interface Setting {
  name: string;
  environment: Record<string, string>;
}

const semiSpace = (megabytes: number) => ({ NODE_OPTIONS: `--max-semi-space-size=${megabytes}` });
const settings: Setting[] = [
  { name: "as shipped (Node's own young generation: 64 MB semi-spaces on a 24 GiB machine)", environment: {} },
  ...[4, 8, 16, 32].map((megabytes) => ({ name: `semi-spaces ${megabytes} MB`, environment: semiSpace(megabytes) })),
  { name: "V8 old generation limit 256 MB", environment: { NODE_OPTIONS: "--max-old-space-size=256" } },
  { name: "glibc, 2 arenas", environment: { MALLOC_ARENA_MAX: "2" } },
  { name: "glibc trimming at 1 MB", environment: { MALLOC_TRIM_THRESHOLD_: "1048576", MALLOC_TOP_PAD_: "0" } },
  ...(existsSync(JEMALLOC)
    ? [
        { name: "jemalloc", environment: { LD_PRELOAD: JEMALLOC } },
        { name: "jemalloc, semi-spaces 8 MB", environment: { LD_PRELOAD: JEMALLOC, ...semiSpace(8) } },
      ]
    : []),
];

/** A process's resident memory in MB by kind, from /proc/PID/smaps_rollup. */
function residentMemory(pid: number) {
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const megabytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(rollup)?.[1]) / 1024;
  return {
    rss: megabytes("Rss"),
    anonymous: megabytes("Anonymous"),
    fileBacked: megabytes("Rss") - megabytes("Anonymous"),
  };
}

/** A process's CPU time so far, user and system, in seconds: fields 14 and 15 of /proc/PID/stat, in clock ticks of 1/100 s. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // After the command's name, which may itself hold ") ".
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Prometheus text → each named metric's samples summed over the workers, keyed by name, and by name and `space` or `kind` where it has one. */
function gaugeSums(text: string, names: string[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const line of text.split("\n")) {
    const sample = /^([a-z_]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!sample?.[1] || !names.includes(sample[1])) continue;
    const part = /(?:space|kind)="([a-z_]+)"/.exec(sample[2] ?? "")?.[1];
    const key = part ? `${sample[1]}:${part}` : sample[1];
    sums.set(key, (sums.get(key) ?? 0) + Number(sample[3]));
  }
  return sums;
}

async function measure({ environment }: Setting): Promise<string[]> {
  const hub = await startServerProcess(temporarySqliteUrl(), {
    ...environment,
    WEB_CONCURRENCY: String(serverProcessCount()),
    METRICS_PORT: "0",
  });
  const metricsUrl = /Metrics for Prometheus at (\S+)/.exec(hub.output())?.[1];
  const load = { url: `${hub.url}/sh/ovw`, headers: { Cookie: await signInOverHttp(hub.url) } };
  await runLoad({ ...load, durationSeconds: 10 });
  const workers = serverProcessIds(hub.process.pid as number).slice(1);
  const v8Figures = async () =>
    gaugeSums(await (await fetch(metricsUrl as string)).text(), [
      // V8's collection pauses, by kind (minor: a scavenge of the young generation).
      "nodejs_gc_duration_seconds_sum",
      "nodejs_heap_size_total_bytes",
      "nodejs_heap_size_used_bytes",
      "nodejs_external_memory_bytes",
      "nodejs_heap_space_size_total_bytes",
    ]);
  const before = await v8Figures();
  const cpuBefore = workers.map(cpuSeconds);
  const measured = await runLoad({ ...load, durationSeconds: 30 });
  const cpuMs = workers.reduce((sum, worker, index) => sum + cpuSeconds(worker) - (cpuBefore[index] ?? 0), 0) * 1000;
  const v8 = await v8Figures();
  const resident = workers.map(residentMemory);
  await hub.stop();
  const pauseMs = (kind: string) => {
    const key = `nodejs_gc_duration_seconds_sum:${kind}`;
    return (((v8.get(key) ?? 0) - (before.get(key) ?? 0)) * 1000) / measured.requests;
  };
  const perWorker = (key: string) => ((v8.get(key) ?? Number.NaN) / 2 ** 20 / workers.length).toFixed(0);
  const each = (kind: keyof ReturnType<typeof residentMemory>) =>
    resident.map((memory) => memory[kind].toFixed(0)).join(", ");
  return [
    each("rss"),
    each("anonymous"),
    each("fileBacked"),
    `${perWorker("nodejs_heap_size_total_bytes")} (${perWorker("nodejs_heap_size_used_bytes")} used)`,
    ["new", "old", "code"]
      .map((space) => `${space} ${perWorker(`nodejs_heap_space_size_total_bytes:${space}`)}`)
      .join(", "),
    perWorker("nodejs_external_memory_bytes"),
    measured.requestsPerSecond.toFixed(0),
    (cpuMs / measured.requests).toFixed(2),
    `${pauseMs("minor").toFixed(3)}, ${(pauseMs("major") + pauseMs("incremental")).toFixed(3)}`,
    String(measured.errors + measured.non2xx),
  ];
}

const asked = process.argv.slice(2);
const chosen = settings.filter(({ name }) => asked.length === 0 || asked.some((part) => name.includes(part)));
const rows: string[][] = [];
for (const setting of Array.from({ length: Number(process.env.ROUNDS ?? 1) }, () => chosen).flat()) {
  rows.push([setting.name, ...(await measure(setting))]);
  console.log(`bench:memory: ${rows.at(-1)?.join(" | ")}`);
}
console.log(
  markdownTable([
    [
      "setting",
      "RSS per worker (MB)",
      "anonymous",
      "file-backed",
      "V8 heap per worker",
      "of it new, old, code space",
      "V8 external",
      "req/s",
      "CPU a request (ms)",
      "GC pauses a request, minor and major (ms)",
      "errors",
    ],
    ...rows,
  ]),
);
