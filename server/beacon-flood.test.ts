import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BEACONS_PER_CLIENT_PER_MINUTE } from "../app/site-speed/collect-beacon.server";
import { sampleBeacon } from "../test/speed-beacons";
import { signInOverHttp, startServerProcess, temporarySqliteUrl, type ServerProcess } from "../test/server-process";

/**
 * A script that makes up a new speed session for every beacon is not held back by the limit per
 * session. Behind a proxy that says who the client is (TRUST_PROXY), one address floods while a
 * seller elsewhere goes on sending.
 */
describe("a flood of beacons from one address", () => {
  let server: ServerProcess;
  let databasePath: string;

  beforeAll(async () => {
    const url = temporarySqliteUrl();
    databasePath = url.slice("sqlite:".length);
    server = await startServerProcess(url, { TRUST_PROXY: "true" });
  }, 60_000);
  afterAll(() => server?.stop());

  const FLOOD = BEACONS_PER_CLIENT_PER_MINUTE + 100;

  const send = (clientAddress: string, cookie = "") =>
    fetch(`${server.url}/sh/beacon`, {
      method: "POST",
      headers: {
        "Content-Type": "text/plain;charset=UTF-8",
        "Sec-Fetch-Site": "same-origin",
        "X-Forwarded-For": clientAddress,
        Cookie: cookie,
      },
      body: JSON.stringify(sampleBeacon()),
    });

  function storedBeacons(): { total: number; withSeller: number } {
    const database = new DatabaseSync(databasePath, { readOnly: true });
    const counts = database
      .prepare("select count(*) as total, count(seller_id) as withSeller from speed_beacon")
      .get() as { total: number; withSeller: number };
    database.close();
    return counts;
  }

  it("stores no more than the address's limit, and other sellers' beacons still land", async () => {
    const seller = await signInOverHttp(server.url);
    const statuses: number[] = [];
    for (let sent = 0; sent < FLOOD; sent++) statuses.push((await send("203.0.113.7")).status);
    const refused = statuses.filter((status) => status === 429).length;
    expect(statuses.filter((status) => status !== 204 && status !== 429)).toEqual([]);
    expect(refused).toBeGreaterThan(0);
    expect(storedBeacons().total).toBe(FLOOD - refused);
    expect(FLOOD - refused).toBeLessThanOrEqual(BEACONS_PER_CLIENT_PER_MINUTE);

    expect((await send("198.51.100.2", seller)).status).toBe(204);
    expect(storedBeacons().withSeller).toBe(1);
  }, 60_000);
});
