import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { startServerProcess, temporarySqliteUrl } from "../test/server-process";

describe("stopping the server", () => {
  it("finishes a request in flight on SIGTERM, then exits 0 within 10 s", async () => {
    const server = await startServerProcess(temporarySqliteUrl());
    const { port, hostname } = new URL(server.url);

    // A sign-in whose body is still arriving when the signal comes.
    const socket = connect(Number(port), hostname);
    await new Promise((resolve) => socket.once("connect", resolve));
    const body = "username=demo&password=wrong&srt=x";
    socket.write(`POST /signin HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
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
  }, 60_000);

  it("stops accepting new connections once stopping", async () => {
    const server = await startServerProcess(temporarySqliteUrl());
    await server.stop("SIGTERM");
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow("fetch failed");
  }, 60_000);
});
