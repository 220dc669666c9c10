import { signInOverHttp, startServerProcess, temporarySqliteUrl } from "../test/server-process.ts";
const hub = await startServerProcess(temporarySqliteUrl());
const session = await signInOverHttp(hub.url);
const html = await (await fetch(`${hub.url}${process.argv[2]}`, { headers: { Cookie: session } })).text();
console.log(html);
await hub.stop();
