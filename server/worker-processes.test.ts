import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { Agent, get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverProcessIds, signInOverHttp, startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process";

/** CPU time a process has used, in clock ticks (user and system). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

function openFiles(pid: number): string[] {
  return readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/${pid}/fd/${fd}`)];
    } catch {
      return []; // closed meanwhile
    }
  });
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

  /**
   * 400 overview pages over 20 new connections at once; each worker's share of the CPU time they took.
   * New connections, because the primary deals out connections, not requests: ones kept alive from
   * earlier tests would all go to the workers that were there then.
   */
  async function shareOfWork(): Promise<number[]> {
    const before = workers().map(cpuTicks);
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const overview = () =>
      new Promise<number | undefined>((resolve, reject) => {
        get(`${server.url}/sh/ovw`, { agent, headers: { Cookie: session } }, (response) => response.resume().on("end", () => resolve(response.statusCode))).on("error", reject);
      });
    const load = async () => {
      for (let index = 0; index < 20; index++) expect(await overview()).toBe(200);
    };
    await Promise.all(Array.from({ length: 20 }, load));
    agent.destroy();
    const used = workers().map((pid, index) => cpuTicks(pid) - (before[index] as number));
    const total = used.reduce((sum, ticks) => sum + ticks, 0);
    return used.map((ticks) => ticks / total);
  }

  beforeAll(async () => {
    server = await startServerProcess(temporarySqliteUrl(), { WEB_CONCURRENCY: "2" });
    session = await signInOverHttp(server.url);
  }, 60_000);
  afterAll(() => server?.stop());

  it("says it is ready once, when both workers listen on the one port", async () => {
    expect(workers()).toHaveLength(2);
    const shares = await shareOfWork();
    for (const share of shares) expect(share).toBeGreaterThan(0.2);
    expect(server.output().match(/Seller Hub is ready at/g)).toHaveLength(1);
  }, 60_000);

  it("migrated and seeded before the workers started, and keeps no database open in the primary", () => {
    const databaseFiles = (pid: number) => openFiles(pid).filter((file) => file.endsWith("hub.db"));
    expect(databaseFiles(server.process.pid as number)).toEqual([]);
    for (const worker of workers()) expect(databaseFiles(worker)).toHaveLength(1);
  });

  it("replaces a worker that dies, and goes on serving with both", async () => {
    const [killed, survivor] = workers() as [number, number];
    process.kill(killed, "SIGKILL");
    await waitFor(() => server.output().includes(`Worker process ${killed} stopped unexpectedly (signal SIGKILL); starting another.`), "the primary to notice");
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await waitFor(() => /is serving in place of/.test(server.output()), "the replacement to listen");
    expect(workers()).toHaveLength(2);
    expect(workers()).toContain(survivor);
    expect(workers()).not.toContain(killed);
    // A cold worker acknowledges new connections more slowly, so the primary deals it fewer at first.
    await shareOfWork();
    for (const share of await shareOfWork()) expect(share).toBeGreaterThan(0.2);
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
    expect(await refusal(temporarySqliteUrl(), { WEB_CONCURRENCY: setting })).toMatch(/exited \(1\)[\s\S]*WEB_CONCURRENCY must be a whole number of server processes, 1 or more/);
  });

  it("refuses several processes for an in-memory database, which one process holds", async () => {
    expect(await refusal("sqlite::memory:", { WEB_CONCURRENCY: "2" })).toMatch(/exited \(1\)[\s\S]*cannot be shared by 2 processes: set WEB_CONCURRENCY=1/);
  });

  it("stops with an error, rather than starting workers for ever, when a worker cannot start", async () => {
    // An address no interface has: listening fails in every worker.
    expect(await refusal(temporarySqliteUrl(), { WEB_CONCURRENCY: "2", HOST: "192.0.2.1" })).toMatch(/exited \(1\)[\s\S]*stopped before it was serving/);
  }, 60_000);
});
