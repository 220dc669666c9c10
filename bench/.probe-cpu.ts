import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { signInOverHttp, startServerProcess, temporarySqliteUrl } from "../test/server-process.ts";
// usage: node cpu.ts path rounds "label=NODE_OPTIONS" ...  -> server CPU ms per request (one process)
const [path, roundsText, ...configs] = process.argv.slice(2);
const cpu = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" "); return (Number(f[11]) + Number(f[12])) * 10; };
const results: Record<string, number[]> = {};
for (let round = 0; round < Number(roundsText); round++) {
  for (const config of configs) {
    const label = config.slice(0, config.indexOf("=")); const options = config.slice(config.indexOf("=") + 1);
    const hub = await startServerProcess(temporarySqliteUrl(), { WEB_CONCURRENCY: "1", NODE_OPTIONS: options });
    const session = await signInOverHttp(hub.url);
    const url = `${hub.url}${path}`; const headers = { Cookie: session };
    await autocannon({ url, headers, connections: 50, amount: 3000 });
    const before = cpu(hub.process.pid!);
    const r = await autocannon({ url, headers, connections: 50, amount: Number(process.env.N ?? 6000) });
    const perRequest = (cpu(hub.process.pid!) - before) / r.requests.total;
    (results[label] ??= []).push(Number(perRequest.toFixed(3)));
    console.log(label, perRequest.toFixed(3), "ms/req", Math.round(r.requests.average), "req/s", "non2xx", r.non2xx);
    await hub.stop();
  }
}
console.log(JSON.stringify(results));
