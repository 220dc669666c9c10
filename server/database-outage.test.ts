import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, TEST_DATABASE_URL } from "../test/databases";
import { signInOverHttp, startServerProcess, type ServerProcess } from "../test/server-process";
import { startTcpProxy } from "../test/tcp-proxy";

/** Only PostgreSQL can be taken away from a running server; SQLite is a file it holds open. */
describe.runIf(TEST_DATABASE_URL)("the database going away while serving (PostgreSQL)", () => {
  let server: ServerProcess;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let dropDatabase: () => Promise<void>;
  let session: string;

  beforeAll(async () => {
    const database = await createPostgresDatabase(TEST_DATABASE_URL as string);
    dropDatabase = database.drop;
    const url = new URL(database.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    server = await startServerProcess(url.toString());
    session = await signInOverHttp(server.url);
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await dropDatabase?.();
  });

  const overview = () =>
    fetch(`${server.url}/sh/ovw`, { headers: { Cookie: session, Accept: "text/html" }, redirect: "manual" });

  it("answers 503 with a clear page, keeps running, and recovers by itself", async () => {
    expect((await overview()).status).toBe(200);

    await proxy.cut();
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "unavailable", db: "unreachable" });
    const page = await overview();
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("30");
    expect(await page.text()).toContain("Seller Hub is temporarily unavailable");
    expect(server.process.exitCode).toBeNull();

    await proxy.restore();
    await expect.poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 20_000 }).toBe(200);
    await expect.poll(async () => (await overview()).status, { timeout: 20_000 }).toBe(200);
  }, 90_000);
});

if (!TEST_DATABASE_URL) console.info("Database outage test skipped: it needs PostgreSQL (set TEST_DATABASE_URL).");
