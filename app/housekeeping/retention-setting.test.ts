import { describe, expect, it } from "vitest";
import {
  DEFAULT_SPEED_BEACON_RETENTION_DAYS,
  SHORTEST_SPEED_BEACON_RETENTION_DAYS,
  speedBeaconRetentionDays,
} from "./retention-setting";

describe("SPEED_BEACON_RETENTION_DAYS", () => {
  it("keeps raw speed beacons 7 days unless set: the dashboard reads the sums", () => {
    expect(DEFAULT_SPEED_BEACON_RETENTION_DAYS).toBe(7);
    expect(speedBeaconRetentionDays({})).toBe(7);
    expect(speedBeaconRetentionDays({ SPEED_BEACON_RETENTION_DAYS: "" })).toBe(7);
  });

  it("takes any whole number of days that keeps a beacon until its page view can no longer be resent", () => {
    expect(SHORTEST_SPEED_BEACON_RETENTION_DAYS).toBe(1);
    expect(speedBeaconRetentionDays({ SPEED_BEACON_RETENTION_DAYS: "1" })).toBe(1);
    expect(speedBeaconRetentionDays({ SPEED_BEACON_RETENTION_DAYS: "90" })).toBe(90);
    expect(speedBeaconRetentionDays({ SPEED_BEACON_RETENTION_DAYS: "730" })).toBe(730);
  });

  it.each(["0", "-7", "7.5", "1e3", "seven", " 7", "9007199254740993"])("refuses %j, saying why", (setting) => {
    expect(() => speedBeaconRetentionDays({ SPEED_BEACON_RETENTION_DAYS: setting })).toThrow(
      `SPEED_BEACON_RETENTION_DAYS must be a whole number of days, at least 1 so that a page view's resent beacon finds the one it replaces; it is "${setting}".`,
    );
  });
});
