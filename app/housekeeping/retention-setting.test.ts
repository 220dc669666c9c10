import { describe, expect, it } from "vitest";
import {
  DEFAULT_SPEED_BEACON_RETENTION_DAYS,
  SHORTEST_SPEED_BEACON_RETENTION_DAYS,
  speedBeaconRetentionDays,
} from "./retention-setting";

describe("SPEED_BEACON_RETENTION_DAYS", () => {
  it("keeps speed beacons 90 days unless set", () => {
    expect(DEFAULT_SPEED_BEACON_RETENTION_DAYS).toBe(90);
    expect(speedBeaconRetentionDays({})).toBe(90);
    expect(speedBeaconRetentionDays({ SPEED_BEACON_RETENTION_DAYS: "" })).toBe(90);
  });

  it("takes any whole number of days that keeps the dashboard's 30 days and today full", () => {
    expect(SHORTEST_SPEED_BEACON_RETENTION_DAYS).toBe(31);
    expect(speedBeaconRetentionDays({ SPEED_BEACON_RETENTION_DAYS: "31" })).toBe(31);
    expect(speedBeaconRetentionDays({ SPEED_BEACON_RETENTION_DAYS: "730" })).toBe(730);
  });

  it.each(["30", "0", "-90", "90.5", "1e3", "ninety", " 90"])("refuses %j, saying why", (setting) => {
    expect(() => speedBeaconRetentionDays({ SPEED_BEACON_RETENTION_DAYS: setting })).toThrow(
      `SPEED_BEACON_RETENTION_DAYS must be a whole number of days, at least 31 so that the site-speed dashboard's longest period stays full; it is "${setting}".`,
    );
  });
});
