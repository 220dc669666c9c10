/**
 * `npm run dev`: the hub's own server (server/index.ts: the database, the security headers with
 * their CSP nonces, compression) with Vite in middleware mode in place of the build, so that a
 * change to a route, a component or the style sheet shows without a restart (decision record 016).
 * One process, on PORT (3000), with DATABASE_URL or the embedded SQLite file, seeded on first start;
 * hot updates reach the browser over HMR_PORT (24678, Vite's own). A change to server/ itself needs
 * a restart.
 */
import { createServer } from "vite";
import { announceReady } from "./serving-process.ts";

process.env.NODE_ENV = "development";
const hmrPort = Number(process.env.HMR_PORT ?? 24678);
const vite = await createServer({ server: { middlewareMode: true, hmr: { port: hmrPort } }, appType: "custom" });
const { startSellerHub } = (await vite.ssrLoadModule("/server/index.ts")) as typeof import("../server/index.ts");
const hub = await startSellerHub({
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST,
  clientDirectory: "public",
  seedDemoData: process.env.SEED_DEMO_DATA !== "false",
  development: { vite, hotUpdates: `ws://localhost:${hmrPort}` },
});
announceReady(hub.url);

async function stop() {
  await hub.close();
  await vite.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
