/**
 * Serves the existing production build (the tests, the benchmark and `npm start` after its
 * build all come through here) on PORT (3000) with DATABASE_URL, or the embedded SQLite file,
 * in WEB_CONCURRENCY processes: one per core unless set (scripts/cluster.ts).
 */
import { existsSync } from "node:fs";
import { registerAppModules } from "./app-modules.ts";
import { SERVER_BUILD } from "./build-paths.ts";
import { serveInWorkers, serverProcessCount } from "./cluster.ts";
import { metricsSetting, serveMetrics, type MetricsSetting } from "./metrics-endpoint.ts";
import { announceReady, serveInThisProcess } from "./serving-process.ts";

// React and React Router run their slower, checking development builds unless told otherwise.
process.env.NODE_ENV ??= "production";
registerAppModules();
const { speedBeaconRetentionDays } = await import("../app/housekeeping/retention-setting.ts");
const { daysInMemoryBytes } = await import("../app/site-speed/days-in-memory.server.ts");
let processes: number;
let metrics: MetricsSetting | undefined;
try {
  processes = serverProcessCount();
  metrics = metricsSetting();
  // Checked here, once, so that a mistake stops the hub before any worker starts.
  speedBeaconRetentionDays();
  daysInMemoryBytes();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!existsSync(SERVER_BUILD)) {
  console.error("There is no build to serve: run `npm run build` (or `npm start`, which builds when needed).");
  process.exit(1);
}

if (metrics) {
  try {
    await serveMetrics(metrics, { cluster: processes > 1 });
  } catch (error) {
    console.error(`The metrics cannot be served at ${metrics.host}:${metrics.port}: ${(error as Error).message}`);
    process.exit(1);
  }
}
if (processes === 1)
  announceReady(
    await serveInThisProcess({ seedDemoData: process.env.SEED_DEMO_DATA !== "false", saysWhenStopping: true }),
  );
else await serveInWorkers(processes);
