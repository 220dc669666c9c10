import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { Agent, get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlitePathOf } from "~/db/database.server";
import {
  serverProcessIds,
  signInOverHttp,
  startServerProcess,
  temporarySqliteUrl,
  type ServerProcess,
} from "../test/server-process";

function openFiles(pid: number): string[] {
  return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
    } catch {
      return []; // closed meanwhile
    }
  });
}

/** The port of an address in /proc/net/tcp and tcp6 ("0100007F:0BB8"). */
function portOf(address: string | undefined): number {
  return Number.parseInt(address?.split(":")[1] ?? "", 16);
}

/** Which of `pids` holds the server's end of the connection from `clientPort` to `serverPort`. */
function processHoldingConnection(clientPort: number, serverPort: number, pids: number[]): number | undefined {
  const inodes = new Set(
    ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((table) =>
      readFileSync(table, "utf8")
        .split("\n")
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((fields) => portOf(fields[1]) === serverPort && portOf(fields[2]) === clientPort)
        .map((fields) => `socket:[${fields[9]}]`),
    ),
  );
  return pids.find((pid) => openFiles(pid).some((file) => inodes.has(file)));
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (const started = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (Date.now() - started > 20_000) throw new Error(`Still waiting for ${what}`);
  }
}

describe("serving with two worker processes (WEB_CONCURRENCY=2)", () => {
  let server: ServerProcess;
  let session: string;
  const workers = () => serverProcessIds(server.process.pid as number).slice(1);

  const overview = (agent: Agent) =>
    new Promise<{ status: number | undefined; clientPort: number }>((resolve, reject) => {
      get(`${server.url}/sh/ovw`, { agent, headers: { Cookie: session } }, (response) => {
        const clientPort = response.socket.localPort as number;
        response.resume().on("end", () => resolve({ status: response.statusCode, clientPort }));
      }).on("error", reject);
    });

  /**
   * Opens new connections one after the other, each kept open once it has served the overview,
   * and says which worker process holds each. The primary deals out connections, not requests,
   * in turn to the workers free to take one; one at a time, every worker is free, so each gets
   * its turn whatever the machine's load. (How much of the CPU each then uses does depend on the
   * load: a share measured that way failed on a busy machine.)
   */
  async function workersTakingConnections(count: number): Promise<Array<number | undefined>> {
    const serverPort = Number(new URL(server.url).port);
    const agents = Array.from({ length: count }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    const takers: Array<number | undefined> = [];
    for (const agent of agents) {
      const { status, clientPort } = await overview(agent);
      expect(status).toBe(200);
      takers.push(processHoldingConnection(clientPort, serverPort, workers()));
    }
    for (const agent of agents) agent.destroy();
    return takers;
  }

  /** 400 overview pages over 20 new connections at once: every one must be served. */
  async function statusesUnderLoad(): Promise<Array<number | undefined>> {
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const load = async () => {
      const statuses = [];
      for (let index = 0; index < 20; index++) statuses.push((await overview(agent)).status);
      return statuses;
    };
    const statuses = (await Promise.all(Array.from({ length: 20 }, load))).flat();
    agent.destroy();
    return statuses;
  }

  beforeAll(async () => {
    server = await startServerProcess(temporarySqliteUrl(), { WEB_CONCURRENCY: "2" });
    session = await signInOverHttp(server.url);
  }, 60_000);
  afterAll(() => server?.stop());

  it("says it is ready once, when both workers listen on the one port", async () => {
    expect(workers()).toHaveLength(2);
    expect(new Set(await workersTakingConnections(6))).toEqual(new Set(workers()));
    expect(server.output().match(/Seller Hub is ready at/g)).toHaveLength(1);
  }, 60_000);

  it("migrated and seeded before the workers started, and keeps no database open in the primary", () => {
    const databaseFiles = (pid: number) => openFiles(pid).filter((file) => file.endsWith("hub.db"));
    expect(databaseFiles(server.process.pid as number)).toEqual([]);
    // Each worker's reading and writing connection (decision record 052).
    for (const worker of workers()) expect(databaseFiles(worker)).toHaveLength(2);
  });

  it("replaces a worker that dies, and goes on serving with both", async () => {
    const [killed, survivor] = workers() as [number, number];
    process.kill(killed, "SIGKILL");
    await waitFor(
      () =>
        server.output().includes(`Worker process ${killed} stopped unexpectedly (signal SIGKILL); starting another.`),
      "the primary to notice",
    );
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await waitFor(() => /is serving in place of/.test(server.output()), "the replacement to listen");
    expect(workers()).toHaveLength(2);
    expect(workers()).toContain(survivor);
    expect(workers()).not.toContain(killed);
    const replacement = workers().find((pid) => pid !== survivor);
    expect(await workersTakingConnections(6)).toContain(replacement);
    expect(new Set(await statusesUnderLoad())).toEqual(new Set([200]));
    expect(server.output().match(/Seller Hub is ready at/g)).toHaveLength(1);
  }, 60_000);
});

/** Why the server refused to start; a server that starts after all is stopped, not left running. */
async function refusal(databaseUrl: string, environment: Record<string, string>): Promise<string> {
  const server = await startServerProcess(databaseUrl, environment).catch((error: Error) => error);
  if (server instanceof Error) return server.message;
  await server.stop();
  return "it started";
}

describe("starting worker processes", () => {
  it.each(["0", "two", "1.5", "-2", "3 "])("refuses WEB_CONCURRENCY=%j, saying why", async (setting) => {
    expect(await refusal(temporarySqliteUrl(), { WEB_CONCURRENCY: setting })).toMatch(
      /exited \(1\)[\s\S]*WEB_CONCURRENCY must be a whole number of server processes, 1 or more/,
    );
  });

  it("refuses SPEED_DAYS_IN_MEMORY_MB that is not a number of megabytes before any worker starts, saying why", async () => {
    const url = temporarySqliteUrl();
    expect(await refusal(url, { WEB_CONCURRENCY: "2", SPEED_DAYS_IN_MEMORY_MB: "64MB" })).toMatch(
      /exited \(1\)[\s\S]*SPEED_DAYS_IN_MEMORY_MB must be a whole number of megabytes/,
    );
    // Stopped before the primary migrated the database: the file was never made.
    expect(existsSync(sqlitePathOf(url) as string)).toBe(false);
  });

  it("refuses several processes for an in-memory database, which one process holds", async () => {
    expect(await refusal("sqlite::memory:", { WEB_CONCURRENCY: "2" })).toMatch(
      /exited \(1\)[\s\S]*cannot be shared by 2 processes: set WEB_CONCURRENCY=1/,
    );
  });

  it("stops with an error, rather than starting workers for ever, when a worker cannot start", async () => {
    // An address no interface has: listening fails in every worker.
    expect(await refusal(temporarySqliteUrl(), { WEB_CONCURRENCY: "2", HOST: "192.0.2.1" })).toMatch(
      /exited \(1\)[\s\S]*stopped before it was serving/,
    );
  }, 60_000);
});
