import { Agent, request } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, TEST_DATABASE_URL } from "../test/databases";
import { signInOverHttp, startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process";

/** The metrics endpoint's address, as the server printed it at start. */
const metricsUrlOf = (server: ServerProcess) => /Metrics for Prometheus at (\S+)/.exec(server.output())?.[1] ?? "";

/** A counter's or a histogram count's value, summed over the series whose labels include `labels`. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => Object.entries(labels).every(([label, value]) => line.includes(`${label}="${value}"`)))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

/** A GET on a connection of its own: node:cluster hands each new connection to the next worker in turn. */
const getOnNewConnection = async (url: string, cookie: string) => (await getOnConnection(url, cookie, false)).status;

/** A GET through `agent`, and whether it went over a connection an earlier request had opened. */
const getOnConnection = (url: string, cookie: string, agent: Agent | false) =>
  new Promise<{ status: number; reusedSocket: boolean }>((resolve, reject) => {
    const sent = request(url, { agent, headers: { Cookie: cookie } }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode ?? 0, reusedSocket: sent.reusedSocket }));
    });
    sent.on("error", reject);
    sent.end();
  });

/** The operator's Prometheus endpoint (issue 33): on its own port, never the sellers'. */
describe.each([
  { processes: "2", what: "two worker processes, summed by the primary" },
  { processes: "1", what: "one process" },
])("metrics for Prometheus, $what", ({ processes }) => {
  let server: ServerProcess | undefined;
  afterAll(() => server?.stop());

  it("counts each response by route pattern, method and status, with event-loop delay, memory, SQLite's waits and the dashboard's days kept", async () => {
    server = await startServerProcess(temporarySqliteUrl(), { WEB_CONCURRENCY: processes, METRICS_PORT: "0" });
    const metricsUrl = metricsUrlOf(server);
    expect(new URL(metricsUrl).hostname).toBe("127.0.0.1");
    const session = await signInOverHttp(server.url);
    // Ten connections, handed to the workers in turn: with two, each serves five, so a count of
    // ten is every worker's summed (one worker's alone would be five). "In turn" is node:cluster's
    // round-robin (SCHED_RR), its default everywhere but Windows; with the kernel's scheduling
    // (NODE_CLUSTER_SCHED_POLICY=none) one worker could take all ten and hide a missing sum.
    for (let page = 0; page < 10; page++)
      expect(await getOnNewConnection(`${server.url}/sh/lst/active`, session)).toBe(200);
    expect((await fetch(`${server.url}/no/such/page`, { headers: { Cookie: session } })).status).toBe(404);

    // The dashboard's 7 days, twice on one connection (so by one process): the second view finds
    // the closed days the first one read in the process's memory.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect(await getOnConnection(`${server.url}/sh/perf?period=7d`, session, agent)).toEqual({
      status: 200,
      reusedSocket: false,
    });
    expect(await getOnConnection(`${server.url}/sh/perf?period=7d`, session, agent)).toEqual({
      status: 200,
      reusedSocket: true,
    });
    agent.destroy();

    const scrape = await fetch(metricsUrl);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    const listings = { route: "/sh/lst/active", method: "GET", status: "200" };
    expect(valueOf(text, "seller_hub_http_request_duration_seconds_count", listings)).toBe(10);
    expect(valueOf(text, "seller_hub_http_request_duration_seconds_bucket", { ...listings, le: "+Inf" })).toBe(10);
    // An address of no route is counted as one, not as a new series per address.
    expect(valueOf(text, "seller_hub_http_request_duration_seconds_count", { route: "unmatched", status: "404" })).toBe(
      1,
    );
    expect(text).not.toContain("/no/such/page");
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    expect(valueOf(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(text).toMatch(/^seller_hub_sqlite_write_waits_total /m);
    // The closed days of the 7 days and of the 7 before: read from the database by the first view,
    // found in memory by the second (but a day that closed between the two), and kept, with their
    // memory.
    const reads = {
      memory: valueOf(text, "seller_hub_speed_day_reads_total", { from: "memory" }),
      database: valueOf(text, "seller_hub_speed_day_reads_total", { from: "database" }),
    };
    expect(reads.database).toBeGreaterThanOrEqual(6);
    expect(reads.memory).toBeGreaterThanOrEqual(reads.database - 2);
    expect(valueOf(text, "seller_hub_speed_days_kept")).toBe(reads.database);
    expect(valueOf(text, "seller_hub_speed_days_kept_bytes")).toBeGreaterThan(200 * reads.database);
    // Only GET /metrics is served there, and the sellers' port has no metrics.
    expect((await fetch(metricsUrl.replace("/metrics", "/"))).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  }, 90_000);
});

describe.runIf(TEST_DATABASE_URL)("metrics for Prometheus on PostgreSQL", () => {
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it("tells the pool's connections, and counts and times each wait for one while all were busy", async () => {
    database = await createPostgresDatabase(TEST_DATABASE_URL as string);
    // A pool of one connection: pages asked at once take it in turn. Eight, not more: each waits
    // behind the others' renders, and a wait past 5 s (connectionTimeoutMillis) would fail a page
    // on a busy machine.
    const started = await startServerProcess(database.url, { METRICS_PORT: "0", DATABASE_POOL_SIZE: "1" });
    server = started;
    const session = await signInOverHttp(started.url);
    // Housekeeping's jobs at start take the one connection in turn too: the pages' waits are what
    // the counters add while they are served.
    const scrape = async () => await (await fetch(metricsUrlOf(started))).text();
    const before = await scrape();
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => getOnNewConnection(`${started.url}/sh/lst/active`, session)),
    );
    expect(statuses).toEqual(Array.from({ length: 8 }, () => 200));

    const after = await scrape();
    expect(valueOf(after, "seller_hub_database_connections", { state: "open" })).toBe(1);
    expect(valueOf(after, "seller_hub_database_connections", { state: "waiting" })).toBe(0);
    const added = (name: string) => valueOf(after, name) - valueOf(before, name);
    expect(added("seller_hub_database_pool_waits_total")).toBeGreaterThan(0);
    expect(added("seller_hub_database_pool_wait_seconds_total")).toBeGreaterThan(0);
    // SQLite's waits are SQLite's: none here.
    expect(valueOf(after, "seller_hub_sqlite_write_waits_total")).toBe(0);
  }, 90_000);
});
if (!TEST_DATABASE_URL)
  console.info("The metrics' PostgreSQL pool test skipped: it needs PostgreSQL (set TEST_DATABASE_URL).");

describe("the metrics' settings", () => {
  it("refuses a port or a host that is not one, saying why, before serving anything", async () => {
    await expect(startServerProcess(temporarySqliteUrl(), { METRICS_PORT: "99999" })).rejects.toThrow(
      'METRICS_PORT must be a port number from 0 to 65535 for the operator\'s metrics; it is "99999".',
    );
    await expect(
      startServerProcess(temporarySqliteUrl(), { METRICS_PORT: "0", METRICS_HOST: "http://0.0.0.0/" }),
    ).rejects.toThrow(
      'METRICS_HOST must be an address or a host name to serve the metrics on; it is "http://0.0.0.0/".',
    );
  });
});
