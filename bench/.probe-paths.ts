import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { signInOverHttp, startServerProcess, temporarySqliteUrl } from "../test/server-process.ts";
const cpu = (pid: number) => { const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" "); return (Number(f[11]) + Number(f[12])) * 10; };
const hub = await startServerProcess(temporarySqliteUrl(), { WEB_CONCURRENCY: "1", NODE_OPTIONS: process.env.OPTS ?? "" });
const session = await signInOverHttp(hub.url);
for (let round = 0; round < 2; round++) for (const path of process.argv.slice(2)) {
  const headers = path.startsWith("/sh") ? { Cookie: session } : {};
  const url = `${hub.url}${path}`;
  await autocannon({ url, headers, connections: 50, amount: 2000 });
  const before = cpu(hub.process.pid!);
  const r = await autocannon({ url, headers, connections: 50, amount: 5000 });
  console.log(path, ((cpu(hub.process.pid!) - before) / r.requests.total).toFixed(3), "ms/req", Math.round(r.requests.average), "req/s non2xx", r.non2xx);
}
await hub.stop();
