import { describe, expect, it } from "vitest";
import { HUB_TIME_ZONES } from "~/time/time-zones";
import {
  DEFAULT_REPORT_PERIOD,
  findReportPeriod,
  periodWindow,
  REPORT_PERIODS,
  wholeDaysWithin,
} from "./report-periods";

const HOUR = 3_600_000;

describe("report periods", () => {
  it("finds a period by its key, defaults to the last 7 days, and knows no others", () => {
    expect(findReportPeriod("24h")?.durationMs).toBe(24 * 3_600_000);
    expect(findReportPeriod(null)).toBe(DEFAULT_REPORT_PERIOD);
    expect(findReportPeriod("")?.key).toBe("7d");
    expect(findReportPeriod("1y")).toBeNull();
  });

  it("ends a period with the current bucket, so buckets are whole UTC hours or days", () => {
    const now = Date.UTC(2026, 10, 22, 14, 35);
    const lastDay = periodWindow(findReportPeriod("24h")!, now);
    expect(new Date(lastDay.until).toISOString()).toBe("2026-11-22T15:00:00.000Z");
    expect(new Date(lastDay.since).toISOString()).toBe("2026-11-21T15:00:00.000Z");
    const lastWeek = periodWindow(findReportPeriod("7d")!, now);
    expect(new Date(lastWeek.until).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(new Date(lastWeek.since).toISOString()).toBe("2026-11-16T00:00:00.000Z");
  });

  it("makes the days the seller's: each bucket a day of their zone, from their midnight to the next", () => {
    const now = Date.UTC(2026, 10, 22, 14, 35);
    const lastWeek = periodWindow(findReportPeriod("7d")!, now, "America/Los_Angeles");
    // 06:35 on the 22nd in Los Angeles: the week ends at the midnight starting the 23rd there (08:00 UTC).
    expect(new Date(lastWeek.until).toISOString()).toBe("2026-11-23T08:00:00.000Z");
    expect(new Date(lastWeek.since).toISOString()).toBe("2026-11-16T08:00:00.000Z");
    expect(lastWeek.bucketStarts).toHaveLength(7);
    const berlin = periodWindow(findReportPeriod("24h")!, now, "Europe/Berlin");
    expect(new Date(berlin.until).toISOString()).toBe("2026-11-22T15:00:00.000Z");
    expect(berlin.bucketStarts).toHaveLength(24);
  });

  it("begins and ends every period on a UTC hour in every zone the hub offers, as the hours' sums and tracking are kept", () => {
    // Summer time's changes of both hemispheres, and an ordinary day.
    const moments = [Date.UTC(2026, 2, 29, 1, 30), Date.UTC(2026, 3, 5, 2, 15), Date.UTC(2026, 10, 22, 14, 30)];
    for (const timeZone of HUB_TIME_ZONES)
      for (const now of moments)
        for (const period of REPORT_PERIODS) {
          const { since, until, bucketStarts } = periodWindow(period, now, timeZone);
          expect(
            [since, until, ...bucketStarts].every((moment) => moment % HOUR === 0),
            `${timeZone} ${period.key}`,
          ).toBe(true);
        }
  });

  it("gives a day of 23 or 25 hours where summer time begins or ends", () => {
    // Europe's clocks went back at 01:00 UTC on 25 October 2026: Berlin's 25th had 25 hours.
    const week = periodWindow(findReportPeriod("7d")!, Date.UTC(2026, 9, 27, 12), "Europe/Berlin");
    const lengths = week.bucketStarts.map(
      (start, index) => ((week.bucketStarts[index + 1] ?? week.until) - start) / 3_600_000,
    );
    expect(lengths).toEqual([24, 24, 24, 24, 25, 24, 24]);
    expect(new Date(week.until).toISOString()).toBe("2026-10-27T23:00:00.000Z");
    // And in spring, 29 March 2026: 23 hours.
    const spring = periodWindow(findReportPeriod("7d")!, Date.UTC(2026, 2, 30, 12), "Europe/Berlin");
    expect(
      spring.bucketStarts.map((start, index) => ((spring.bucketStarts[index + 1] ?? spring.until) - start) / 3_600_000),
    ).toEqual([24, 24, 24, 24, 24, 23, 24]);
  });

  it("finds the zone's whole days within a window, summer time's 25-hour day among them", () => {
    const iso = (at: number) => new Date(at).toISOString();
    // From 23:00 on 31 October in Los Angeles (06:00 UTC) to 1:00 on 3 November (09:00 UTC): the 1st
    // (25 hours, summer time ends) and the 2nd are whole; the hours at either edge are not.
    const days = wholeDaysWithin(Date.UTC(2026, 10, 1, 6), Date.UTC(2026, 10, 3, 9), "America/Los_Angeles");
    expect(days.starts.map(iso)).toEqual(["2026-11-01T07:00:00.000Z", "2026-11-02T08:00:00.000Z"]);
    expect(iso(days.end)).toBe("2026-11-03T08:00:00.000Z");
    // A window starting on a midnight begins with that day; one shorter than a day holds none.
    expect(wholeDaysWithin(Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 2), "UTC").starts.map(iso)).toEqual([
      "2026-11-01T00:00:00.000Z",
    ]);
    const none = wholeDaysWithin(Date.UTC(2026, 10, 1, 3), Date.UTC(2026, 10, 2, 2), "UTC");
    expect(none).toEqual({ starts: [], end: Date.UTC(2026, 10, 1, 3) });
  });

  it("counts a beacon received on the hour in the bucket that starts then", () => {
    const onTheHour = Date.UTC(2026, 10, 22, 15, 0);
    expect(periodWindow(findReportPeriod("24h")!, onTheHour).until).toBe(Date.UTC(2026, 10, 22, 16, 0));
  });
});
