// Temporary probe (not committed): per-process RSS after a mixed load, as bench/run.ts reads it.
import { serverProcessCount } from "../scripts/cluster.ts";
import { signInOverHttp, startServerProcess, temporarySqliteUrl } from "../test/server-process.ts";
import { runMixedLoad } from "./mixed-load.ts";
import { processMemoryMb } from "./server-memory.ts";
const hub = await startServerProcess(temporarySqliteUrl(), { WEB_CONCURRENCY: String(serverProcessCount()), TRUST_PROXY: "true" });
const session = await signInOverHttp(hub.url);
const pid = hub.process.pid as number;
await runMixedLoad({ url: hub.url, session, pid, seconds: 10 });
const report = await runMixedLoad({ url: hub.url, session, pid, seconds: 30 });
const memory = processMemoryMb(pid);
await hub.stop();
console.log(JSON.stringify({ label: process.env.PROBE_LABEL, rps: Math.round(report.requests / 30), errors: report.errors, memory: memory.map((m) => `${m.role} ${m.rssMb.toFixed(0)}`) }));
