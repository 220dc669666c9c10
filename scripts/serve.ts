/**
 * Serves the existing production build (the tests, the benchmark and `npm start` after its
 * build all come through here) on PORT (3000) with DATABASE_URL, or the embedded SQLite file.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { CLIENT_BUILD, SERVER_BUILD } from "./build-paths.ts";

// React and React Router run their slower, checking development builds unless told otherwise.
process.env.NODE_ENV ??= "production";
if (!existsSync(SERVER_BUILD)) {
  console.error("There is no build to serve: run `npm run build` (or `npm start`, which builds when needed).");
  process.exit(1);
}
const { startSellerHub } = await import(pathToFileURL(resolve(SERVER_BUILD)).href);

const hub = await startSellerHub({
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST,
  clientDirectory: resolve(CLIENT_BUILD),
  seedDemoData: process.env.SEED_DEMO_DATA !== "false",
  trustProxy: process.env.TRUST_PROXY === "true",
});
console.log(`Seller Hub is ready at ${hub.url}`);
console.log("Sign in as the demo seller: username demo, password sellerhub");

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing requests in flight, then stopping.`);
  // A request that never finishes must not keep the process past its grace period.
  setTimeout(() => {
    console.error("Requests still running after 9 s; stopping anyway.");
    process.exit(1);
  }, 9_000).unref();
  await hub.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
