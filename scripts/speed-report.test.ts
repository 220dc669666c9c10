import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, TEST_DATABASE_URL } from "../test/databases";
import { sampleBeacon, storeBeacons } from "../test/speed-beacons";
import { summedNear } from "../test/summed-percentiles";
import { openDatabase } from "~/db/database.server";

const folder = mkdtempSync(join(tmpdir(), "speed-report-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const HOUR = 3_600_000;
const TARGETS = [
  { name: "SQLite", create: async () => ({ url: `sqlite:${join(folder, "hub.db")}`, drop: async () => {} }) },
  ...(TEST_DATABASE_URL
    ? [{ name: "PostgreSQL", create: () => createPostgresDatabase(TEST_DATABASE_URL as string) }]
    : []),
];

function speedReport(databaseUrl: string, ...args: string[]) {
  return spawnSync(process.execPath, ["scripts/speed-report.ts", ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
}

describe.each(TARGETS)("npm run speed:report on $name", (target) => {
  let url: string;
  let drop: () => Promise<void>;

  /** `count` page views of the listings, signed out (no seller), `hoursAgo`, their LCP from `lcp` up by 20 ms each. */
  async function store(count: number, hoursAgo: number, lcp: number) {
    const database = await openDatabase(url);
    await storeBeacons(
      database.db,
      Array.from({ length: count }, (_, index) => {
        const { pageName, speedSession, ...metrics } = sampleBeacon({
          pageName: "sellerHubActiveListings",
          vitals: { LCP: lcp + 20 * index },
        });
        return {
          page_name: pageName,
          speed_session: speedSession,
          seller_id: null,
          received_at: Date.now() - hoursAgo * HOUR,
          metrics: JSON.stringify(metrics),
        };
      }),
    );
    await database.close();
  }

  beforeAll(async () => {
    ({ url, drop } = await target.create());
    await (await openDatabase(url)).close();
  }, 60_000);
  afterAll(() => drop());

  it("says no page got slower, and exits with 0, when none did", async () => {
    await store(40, 9 * 24, 1200);
    await store(40, 2, 1200);
    const result = speedReport(url);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(
      /^No page got slower in the last 7 days \(from \d{4}-\d\d-\d\dT00:00:00\.000Z to \d{4}-\d\d-\d\dT00:00:00\.000Z\) than in the 7 days before\.\n$/,
    );
    expect(result.status).toBe(0);
  });

  it("prints the pages that got slower, signed-out page views counted too, and exits with 1", async () => {
    // Six minutes ago: in a day not yet summed, whatever the hour (a closed day is summed once; decision 049).
    await store(40, 0.1, 2400);
    const result = speedReport(url);
    expect(result.stdout).toMatch(
      /^Slower in the last 7 days \(from [\dT:.Z-]+ to [\dT:.Z-]+\) than in the 7 days before, at the 75th percentile \(each within 1 %\):\n {2}sellerHubActiveListings\tLCP\t1,7[6-9]0 ms → 2,\d{3} ms \(\+\d+%\)\tover 80 and 40 page views\n$/,
    );
    expect(result.status).toBe(1);
    const json = speedReport(url, "--json");
    expect(JSON.parse(json.stdout)).toEqual({
      since: expect.stringMatching(/T00:00:00\.000Z$/),
      until: expect.stringMatching(/T00:00:00\.000Z$/),
      percentilesWithin: 0.01,
      notYetSummed: 0,
      regressions: [
        expect.objectContaining({
          pageName: "sellerHubActiveListings",
          vital: "LCP",
          previousP75: summedNear(1780),
          samples: 80,
        }),
      ],
    });
    expect(json.status).toBe(1);
  });

  it("refuses an argument it does not know, with the usage, and exits with 2: not checked", () => {
    const result = speedReport(url, "--since=yesterday");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^Refused: no report was made\.\n {2}- Unknown option '--since'/);
    expect(result.stderr).toContain("Usage: npm run speed:report [-- --json]");
    expect(result.stdout).toBe("");
  });
});

describe.runIf(TEST_DATABASE_URL)("npm run speed:report while a serving process sums the queue (PostgreSQL)", () => {
  it("says how many beacons it could not count, and its JSON stays JSON alone", async () => {
    const { url, drop } = await createPostgresDatabase(TEST_DATABASE_URL as string);
    const database = await openDatabase(url);
    try {
      await storeBeacons(
        database.db,
        Array.from({ length: 40 }, () => {
          const { pageName, speedSession, ...metrics } = sampleBeacon();
          return {
            page_name: pageName,
            speed_session: speedSession,
            seller_id: null,
            received_at: Date.now() - 60_000,
            metrics: JSON.stringify(metrics),
          };
        }),
      );
      // The lock a summing holds (sum-beacons.server.ts), held here as a serving process would.
      let locked!: () => void;
      let release!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const holding = database.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext('seller-hub:sum-beacons'))`.execute(trx);
        locked();
        await released;
      });
      await isLocked;
      const json = speedReport(url, "--json");
      const text = speedReport(url);
      release();
      await holding;
      expect(JSON.parse(json.stdout)).toMatchObject({ notYetSummed: 40, regressions: [] });
      expect(json.status).toBe(0);
      expect(text.stdout).toMatch(
        /\n40 beacons were still being summed by the hub, and are not counted: run the report again in a minute\.\n$/,
      );
    } finally {
      await database.close();
      await drop();
    }
  }, 60_000);
});

describe("npm run speed:report when it cannot tell", () => {
  it("refuses without a database, creates none, and exits with 2", () => {
    const path = join(folder, "none.db");
    const result = speedReport(`sqlite:${path}`);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`There is no database at ${path}`);
    expect(existsSync(path)).toBe(false);
  });

  it("exits with 2 when the database cannot be reached", () => {
    // A port nothing listens on: connecting is refused at once.
    const result = speedReport("postgres://postgres@127.0.0.1:9/none");
    expect(result.stderr).toMatch(/^Refused: no report was made\.\n {2}- The database failed: /);
    expect(result.status).toBe(2);
  });

  it("says how to use it, and exits with 0", () => {
    const result = speedReport("sqlite::memory:", "--help");
    expect(result.stdout).toMatch(/^Usage: npm run speed:report \[-- --json\]\n/);
    expect(result.status).toBe(0);
  });
});
