import { describe, expect, it } from "vitest";
import { formatTime, HUB_TIME_ZONES, isHubTimeZone, timeZoneOfMember } from "./time-zones";

const EVENING = Date.UTC(2026, 10, 23, 20, 10);

describe("a seller's time zone", () => {
  it("is their choice, else their site's, else UTC", () => {
    expect(timeZoneOfMember({ time_zone: "America/Chicago" }, { locale: "en-US" })).toBe("America/Chicago");
    expect(timeZoneOfMember({ time_zone: null }, { locale: "en-US" })).toBe("America/Los_Angeles");
    expect(timeZoneOfMember({ time_zone: null }, { locale: "de-DE" })).toBe("Europe/Berlin");
    expect(timeZoneOfMember({ time_zone: null }, { locale: "en-GB" })).toBe("Europe/London");
    expect(timeZoneOfMember({ time_zone: "Mars/Olympus_Mons" }, { locale: "fr-FR" })).toBe("Europe/Paris");
    expect(timeZoneOfMember({ time_zone: null }, { locale: "ja-JP" })).toBe("UTC");
  });

  it("offers only zones the runtime knows", () => {
    for (const zone of HUB_TIME_ZONES) expect(() => formatTime(EVENING, "en-US", zone)).not.toThrow();
    expect(isHubTimeZone("Europe/Berlin")).toBe(true);
    expect(isHubTimeZone("Europe/berlin")).toBe(false);
    expect(isHubTimeZone({})).toBe(false);
  });

  it("tells a time in the zone, named beside it, as the page's language writes it", () => {
    expect(formatTime(EVENING, "en-US", "America/Los_Angeles")).toBe("Nov 23, 2026, 12:10 PM PST");
    expect(formatTime(EVENING, "de-DE", "Europe/Berlin")).toBe("23. Nov. 2026, 21:10 MEZ");
    expect(formatTime(EVENING, "en-GB", "Europe/London")).toBe("23 Nov 2026, 20:10 GMT");
    // Summer time moves the clock and the name with it.
    expect(formatTime(Date.UTC(2026, 6, 1, 20, 10), "en-GB", "Europe/London")).toBe("1 Jul 2026, 21:10 BST");
  });
});
