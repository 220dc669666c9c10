import { describe, expect, it } from "vitest";
import { DEFAULT_REPORT_PERIOD, findReportPeriod, periodWindow } from "./report-periods";

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

  it("counts a beacon received on the hour in the bucket that starts then", () => {
    const onTheHour = Date.UTC(2026, 10, 22, 15, 0);
    expect(periodWindow(findReportPeriod("24h")!, onTheHour).until).toBe(Date.UTC(2026, 10, 22, 16, 0));
  });
});
