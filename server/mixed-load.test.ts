import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMixedLoad } from "../bench/mixed-load";
import { signInOverHttp, startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process";

/** The short version of `npm run load`: the same mix, for a few seconds. */
describe("under a short mixed load", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(temporarySqliteUrl(), { TRUST_PROXY: "true" });
  }, 60_000);
  afterAll(() => server?.stop());

  it("answers every request of every route as it should, without an error", async () => {
    const report = await runMixedLoad({
      url: server.url,
      session: await signInOverHttp(server.url),
      pid: server.process.pid as number,
      seconds: 5,
      connections: 20,
    });
    expect(report.errors).toBe(0);
    expect(report.unexpected).toEqual({});
    for (const counts of Object.values(report.statuses))
      expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
  }, 60_000);
});
