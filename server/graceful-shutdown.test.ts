import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { serverProcessIds, startServerProcess, temporarySqliteUrl } from "../test/server-process";

describe.each(["1", "2"])("stopping the server (WEB_CONCURRENCY=%s)", (processes) => {
  it("finishes a request in flight on SIGTERM, then exits 0 within 10 s, leaving no worker behind", async () => {
    const server = await startServerProcess(temporarySqliteUrl(), { WEB_CONCURRENCY: processes });
    const workers = serverProcessIds(server.process.pid as number).slice(1);
    expect(workers).toHaveLength(processes === "1" ? 0 : 2);
    const { port, hostname } = new URL(server.url);

    // A sign-in whose body is still arriving when the signal comes.
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once("connect", resolve));
    const body = "username=demo&password=wrong&srt=x";
    socket.write(
      `POST /signin HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 10));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.once("close", resolve));

    const started = Date.now();
    const exitCode = server.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(10));
    await closed;

    expect(answer).toMatch(/^HTTP\/1\.1 403/);
    expect(await exitCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.output()).toContain("SIGTERM");
    for (const worker of workers) expect(() => process.kill(worker, 0)).toThrow("ESRCH");
  }, 60_000);

  it("stops accepting new connections once stopping", async () => {
    const server = await startServerProcess(temporarySqliteUrl(), { WEB_CONCURRENCY: processes });
    await server.stop("SIGTERM");
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow("fetch failed");
  }, 60_000);
});
