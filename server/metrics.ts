import cluster from "node:cluster";
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, register } from "prom-client";
import { poolWaits, type Database } from "~/db/database.server";
import { sqliteWriteWaits } from "~/db/node-sqlite-dialect.server";
import { dayReads, daysKept } from "~/site-speed/days-in-memory.server";

/**
 * What the serving process tells an operator's Prometheus (issue 33), on prom-client's default
 * registry: the one its cluster aggregation reads from each worker (scripts/metrics-endpoint.ts
 * serves it, never on the sellers' port). Made once per process: a second hub in one process (a
 * test's) shares them.
 *
 * - `seller_hub_http_request_duration_seconds`: each page's and data request's time on the server,
 *   by the route table's pattern (bounded: an unknown address is `unmatched`), method and status.
 * - prom-client's defaults: event-loop delay (`nodejs_eventloop_lag_*`), memory (`process_resident_memory_bytes`,
 *   `nodejs_heap_size_*`), garbage collection, handles.
 * - `seller_hub_database_connections`: PostgreSQL's pool, open, idle and waiting for a connection;
 *   `seller_hub_database_pool_waits_total` and `…_seconds_total`: requests for a connection that
 *   waited because every one was busy, and their time (app/db/database.server.ts, `poolWaits`).
 * - `seller_hub_sqlite_write_waits_total` and `…_seconds_total`: pauses of an SQLite write while
 *   another process held the lock (app/db/node-sqlite-dialect.server.ts).
 * - `seller_hub_speed_days_kept` and `…_kept_bytes`: the site-speed dashboard's closed days each
 *   process keeps in memory, and their memory by its estimate (SPEED_DAYS_IN_MEMORY_MB bounds it);
 *   `seller_hub_speed_day_reads_total`: the days views asked for, found in memory or read from the
 *   database (app/site-speed/days-in-memory.server.ts). A bound too small for the views shows as
 *   a low share of days found in memory while the memory kept sits near the bound times the
 *   processes (a bound smaller than one view's days keeps nothing for the next view).
 */

const requestDuration =
  (register.getSingleMetric("seller_hub_http_request_duration_seconds") as Histogram | undefined) ??
  new Histogram({
    name: "seller_hub_http_request_duration_seconds",
    help: "Time on the server of each page, data request and form post, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    // From a cached data request (a few ms) to the 5 s the renderer may take before it gives up.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });

let databaseWatched: Database | undefined;

if (!register.getSingleMetric("seller_hub_database_connections")) {
  // A worker answers the primary's requests for its figures only once an AggregatorRegistry
  // exists in it (prom-client's lib/cluster.js adds the listener then); without one every scrape
  // of the primary waited 5 s for the workers and failed.
  // oxlint-disable-next-line no-new -- made for its side effect alone: prom-client's listener for the primary.
  if (cluster.isWorker) new AggregatorRegistry();
  collectDefaultMetrics();
  for (const metric of [
    new Gauge<string>({
      name: "seller_hub_database_connections",
      help: "PostgreSQL's connection pool: open, idle, and requests waiting for a connection (absent on SQLite).",
      labelNames: ["state"],
      registers: [],
      collect() {
        const pool = databaseWatched?.connections?.();
        if (!pool) return;
        this.set({ state: "open" }, pool.open);
        this.set({ state: "idle" }, pool.idle);
        this.set({ state: "waiting" }, pool.waiting);
      },
    }),
    new Counter({
      name: "seller_hub_database_pool_waits_total",
      help: "Requests for a PostgreSQL connection that waited because every connection of the pool was busy.",
      registers: [],
      collect() {
        this.reset();
        this.inc(poolWaits.count);
      },
    }),
    new Counter({
      name: "seller_hub_database_pool_wait_seconds_total",
      help: "Time requests for a PostgreSQL connection waited while every connection of the pool was busy.",
      registers: [],
      collect() {
        this.reset();
        this.inc(poolWaits.ms / 1000);
      },
    }),
    new Gauge({
      name: "seller_hub_speed_days_kept",
      help: "The site-speed dashboard's closed days kept in memory.",
      registers: [],
      collect() {
        this.set(databaseWatched ? daysKept(databaseWatched.db).days : 0);
      },
    }),
    new Gauge({
      name: "seller_hub_speed_days_kept_bytes",
      help: "The memory the site-speed dashboard's closed days kept hold, by the hub's estimate (bounded by SPEED_DAYS_IN_MEMORY_MB).",
      registers: [],
      collect() {
        this.set(databaseWatched ? daysKept(databaseWatched.db).bytes : 0);
      },
    }),
    new Counter<string>({
      name: "seller_hub_speed_day_reads_total",
      help: "Closed days the site-speed dashboard's views asked for: found in memory, or read from the database.",
      labelNames: ["from"],
      registers: [],
      collect() {
        this.reset();
        this.inc({ from: "memory" }, dayReads.fromMemory);
        this.inc({ from: "database" }, dayReads.fromDatabase);
      },
    }),
    new Counter({
      name: "seller_hub_sqlite_write_waits_total",
      help: "SQLite writes that paused because another process held the write lock.",
      registers: [],
      collect() {
        this.reset();
        this.inc(sqliteWriteWaits.count);
      },
    }),
    new Counter({
      name: "seller_hub_sqlite_write_wait_seconds_total",
      help: "Time SQLite writes spent paused while another process held the write lock.",
      registers: [],
      collect() {
        this.reset();
        this.inc(sqliteWriteWaits.ms / 1000);
      },
    }),
  ])
    register.registerMetric(metric);
}

/** The database whose pool the gauge reads (the hub this process serves). */
export function watchDatabase(database: Database): void {
  databaseWatched = database;
}

/** One response's time on the server, counted under its route's pattern. */
export function observeResponse(route: string, method: string, status: number, seconds: number): void {
  requestDuration.observe({ route, method, status: String(status) }, seconds);
}
