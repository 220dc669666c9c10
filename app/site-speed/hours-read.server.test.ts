import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { TEST_DIALECTS } from "../../test/databases";
import { insertSeller } from "../../test/listings";
import { forgetPageViews, sampleBeacon, storeBeacons } from "../../test/speed-beacons";
import type { Database } from "~/db/database.server";
import { findReportPeriod } from "./report-periods";
import { buildSiteSpeedReport } from "./site-speed-report.server";
import { sumNewBeacons } from "./sum-beacons.server";
import { readHourSummaries } from "./summed-report.server";

// Every read of hours, whichever module asks (the report, or the days' open part): counted, then done.
vi.mock("./summed-report.server", async (original) => {
  const module = await original<typeof import("./summed-report.server")>();
  return { ...module, readHourSummaries: vi.fn<typeof module.readHourSummaries>(module.readHourSummaries) };
});

const HOUR = 3_600_000;
/** Evening in Los Angeles: today there began at 08:00 UTC, so the 24 hours hold 12 and a half of today's hours. */
const NOW = Date.UTC(2026, 10, 22, 20, 30);
const TODAY_IN_LOS_ANGELES = Date.UTC(2026, 10, 22, 8);

describe.each(TEST_DIALECTS)("the hours a 24-hour view reads, on $name", (dialect) => {
  let database: Database;
  let sellerId: number;

  beforeAll(async () => {
    database = await dialect.open();
    sellerId = await insertSeller(database.db, "hours-read-seller");
  }, 60_000);
  afterAll(() => database.close());
  beforeEach(() => forgetPageViews(database.db));

  it("reads each of today's hours once: the week of regressions takes them from the 24 hours' own read", async () => {
    const { pageName, speedSession, ...metrics } = sampleBeacon();
    await storeBeacons(database.db, [
      {
        page_name: pageName,
        speed_session: speedSession,
        seller_id: sellerId,
        received_at: NOW - HOUR,
        metrics: JSON.stringify(metrics),
      },
    ]);
    await sumNewBeacons(database);
    const read = vi.mocked(readHourSummaries);
    // A first view sums the closed days of both weeks; the next reads as every later view does.
    const day = () =>
      buildSiteSpeedReport(database, sellerId, findReportPeriod("24h")!, {}, NOW, "America/Los_Angeles");
    await day();
    read.mockClear();
    expect(await day()).toMatchObject({ pageViews: 1 });

    // Of today's hours, how many times each was in a window read.
    const todaysHours = Array.from({ length: 13 }, (_, index) => TODAY_IN_LOS_ANGELES + index * HOUR);
    const timesRead = todaysHours.map(
      (hour) => read.mock.calls.filter(([, , since, until]) => since <= hour && hour < until).length,
    );
    expect(timesRead).toEqual(todaysHours.map(() => 1));
  });
});
