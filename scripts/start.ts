/**
 * `npm start`: builds if needed, then serves Seller Hub on PORT (3000) with the database of
 * DATABASE_URL, or an embedded SQLite file under data/ that is created and seeded on first start.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfNeeded, SERVER_BUILD } from "./build-if-needed.ts";

// React and React Router run their slower, checking development builds unless told otherwise.
process.env.NODE_ENV ??= "production";
buildIfNeeded();
const { startSellerHub } = await import(pathToFileURL(resolve(SERVER_BUILD)).href);

const hub = await startSellerHub({
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST,
  clientDirectory: resolve("build/client"),
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
    console.error("Requests still running after 10 s; stopping anyway.");
    process.exit(1);
  }, 9_000).unref();
  await hub.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
