/**
 * One server process per core. Node runs a process's JavaScript on one core, and a page is mostly
 * CPU (React's render), so one process leaves the other cores idle (decision 009). With node:cluster
 * the primary process holds the listening socket and hands each new connection to the next worker;
 * with PORT=0 the workers share the one port the primary picked.
 *
 * The primary serves nothing. It has the database migrated and seeded once, by a short-lived
 * process, before it starts the workers: workers never race to migrate or seed (two SQLite
 * seeders can fail), and the primary holds neither a connection nor the server's memory. Then it
 * says ready once every worker listens, replaces a worker that dies, and on SIGTERM or SIGINT has
 * every worker finish its requests in flight and stop.
 */
import { spawn } from "node:child_process";
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { announceReady, announceStopping, GRACE_PERIOD_MS } from "./serving-process.ts";

/** What a worker sends the primary once it listens. */
export interface WorkerReady {
  type: "seller-hub:ready";
  url: string;
}

/**
 * WEB_CONCURRENCY, else one per core; a bad value throws, saying why. An in-memory SQLite database
 * lives inside one process, so it is served by one.
 */
export function serverProcessCount(environment: NodeJS.ProcessEnv = process.env): number {
  const setting = environment.WEB_CONCURRENCY ?? "";
  const inMemory = /^sqlite:(\/\/)?:memory:$/.test(environment.DATABASE_URL ?? "");
  if (setting === "") return inMemory ? 1 : availableParallelism();
  if (!/^[1-9][0-9]*$/.test(setting)) {
    throw new Error(
      `WEB_CONCURRENCY must be a whole number of server processes, 1 or more (one per core here: ${availableParallelism()}); it is "${setting}".`,
    );
  }
  const count = Number(setting);
  if (count > 1 && inMemory)
    throw new Error(
      `An in-memory database (${environment.DATABASE_URL}) cannot be shared by ${count} processes: set WEB_CONCURRENCY=1.`,
    );
  return count;
}

export async function serveInWorkers(count: number): Promise<void> {
  await prepareDatabase();
  cluster.setupPrimary({ exec: fileURLToPath(new URL("./cluster-worker.ts", import.meta.url)) });
  console.log(`Starting ${count} worker processes (WEB_CONCURRENCY=${count}).`);

  const live = new Set<Worker>();
  const listening = new Set<Worker>();
  let url: string | undefined;
  let stopping = false;
  let failed = false;

  function startWorker(replacing?: number): void {
    const worker = cluster.fork();
    live.add(worker);
    worker.on("message", (message: WorkerReady) => {
      if (message?.type !== "seller-hub:ready") return;
      listening.add(worker);
      if (url && message.url !== url) {
        // With PORT=0, workers that all stopped at once leave no port to join: their replacements get another.
        console.error(`Worker process ${worker.process.pid} listens at ${message.url}, not ${url}; stopping.`);
        failed = true;
        return stop();
      }
      if (replacing) console.log(`Worker process ${worker.process.pid} is serving in place of ${replacing}.`);
      if (!url && listening.size === count) {
        url = message.url;
        announceReady(url);
      }
    });
  }

  function stop(): void {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`Worker processes still running after ${GRACE_PERIOD_MS / 1000} s; stopping them.`);
      for (const worker of live) worker.process.kill("SIGKILL");
      process.exit(1);
    }, GRACE_PERIOD_MS).unref();
    for (const worker of live) worker.process.kill("SIGTERM");
    if (live.size === 0) process.exit(failed ? 1 : 0);
  }

  cluster.on("exit", (worker, code, signal) => {
    live.delete(worker);
    const wasListening = listening.delete(worker);
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (stopping) {
      failed ||= code !== 0;
      if (live.size === 0) process.exit(failed ? 1 : 0);
    } else if (!wasListening) {
      // A worker that cannot start would fail again: replacing it would loop for ever.
      console.error(`Worker process ${worker.process.pid} stopped before it was serving (${how}); stopping.`);
      failed = true;
      stop();
    } else {
      console.error(`Worker process ${worker.process.pid} stopped unexpectedly (${how}); starting another.`);
      startWorker(worker.process.pid);
    }
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (!stopping) announceStopping(signal);
      stop();
    });
  }
  for (let index = 0; index < count; index++) startWorker();
}

/** Migrations and, unless SEED_DEMO_DATA=false, the demo data, in a process of their own. */
async function prepareDatabase(): Promise<void> {
  const preparation = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL("./prepare-database.ts", import.meta.url))],
    { stdio: "inherit" },
  );
  const code = await new Promise<number | null>((resolve) => preparation.once("exit", resolve));
  if (code !== 0) {
    console.error("The database could not be prepared; no worker started.");
    process.exit(1);
  }
}
