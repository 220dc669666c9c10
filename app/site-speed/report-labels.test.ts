import { describe, expect, it, vi } from "vitest";
import { textOfLanguage } from "~/i18n/catalogues.server";
import {
  binLabels,
  bucketLabels,
  changeSincePrevious,
  distributionSummary,
  trendSummary,
  vitalTitle,
} from "./report-labels";
import type { VitalSummary } from "./site-speed-report";
import { histogram } from "./vital-statistics";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 10, 22, 14);
const { text } = textOfLanguage("en-US");
const german = textOfLanguage("de-DE").text;
/** Two days: the first measured, the second not. */
const points = [
  { start: START - DAY, p75: 3100, samples: 4 },
  { start: START, p75: null, samples: 0 },
];

describe("dashboard labels", () => {
  it("says whether a vital got better or worse than in the period before, and by how much", () => {
    expect(changeSincePrevious("LCP", 1800, 2600, "en-US", text)).toEqual({
      direction: "better",
      text: "800 ms better than the period before",
    });
    expect(changeSincePrevious("CLS", 0.3, 0.05, "en-US", text)).toEqual({
      direction: "worse",
      text: "0.25 worse than the period before",
    });
    expect(changeSincePrevious("INP", 120, 120, "en-US", text)).toEqual({
      direction: "same",
      text: "The same as the period before",
    });
    expect(changeSincePrevious("INP", 120, null, "en-US", text)).toEqual({
      direction: "unknown",
      text: "Not measured in the period before",
    });
  });

  it("labels hourly buckets by the seller's clock, the zone named, and daily ones by date", () => {
    expect(bucketLabels(START, HOUR, "en-GB", text, "UTC")).toEqual({ tick: "14:00", label: "22 Nov, 14:00 UTC" });
    expect(bucketLabels(START, HOUR, "en-GB", text, "Europe/Berlin")).toEqual({
      tick: "15:00",
      label: "22 Nov, 15:00 CET",
    });
    // The day that starts at a Los Angeles midnight is that day there, though UTC's clock says 08:00.
    expect(bucketLabels(Date.UTC(2026, 10, 22, 8), DAY, "en-US", text, "America/Los_Angeles")).toEqual({
      tick: "Nov 22",
      label: "Sun, Nov 22, 2026",
    });
    expect(bucketLabels(Date.UTC(2026, 10, 22), DAY, "en-GB", text, "UTC")).toEqual({
      tick: "22 Nov",
      label: "Sun, 22 Nov 2026",
    });
  });

  it("makes each date formatter once, however many buckets it labels", () => {
    // Making an Intl.DateTimeFormat was over half the dashboard's server time: a view labels every
    // bucket of every chart (issue 33's profile of 17 pages' 24-hour view, 2026-11-27).
    const made = vi.spyOn(Intl, "DateTimeFormat");
    try {
      for (let day = 0; day < 30; day += 1) bucketLabels(START + day * DAY, DAY, "fr-FR", text, "Asia/Tokyo");
      for (let hour = 0; hour < 24; hour += 1) bucketLabels(START + hour * HOUR, HOUR, "fr-FR", text, "Asia/Tokyo");
      // Four kinds: a day's axis label and its full one; an hour's time and its zone's name.
      expect(made.mock.calls.length).toBeLessThanOrEqual(4);
      expect(bucketLabels(START, HOUR, "fr-FR", text, "Asia/Tokyo")).toEqual({
        tick: "23:00",
        label: "22 nov., 23:00 UTC+9",
      });
    } finally {
      made.mockRestore();
    }
  });

  it("labels distribution bins by their upper edge and their range", () => {
    const bins = histogram("LCP", []);
    expect(binLabels("LCP", bins[0]!, "en-US", text)).toEqual({ tick: "500", label: "Up to 500 ms" });
    expect(binLabels("LCP", bins[2]!, "en-US", text)).toEqual({ tick: "1,500", label: "1,000–1,500 ms" });
    expect(binLabels("LCP", bins[11]!, "en-US", text)).toEqual({ tick: "more", label: "Over 5,500 ms" });
    expect(binLabels("CLS", histogram("CLS", [])[2]!, "en-US", text)).toEqual({ tick: "0.15", label: "0.10–0.15" });
  });

  it("names a vital by its acronym and in words", () => {
    expect(vitalTitle("INP")).toBe("INP (Interaction to Next Paint)");
  });

  it("sums a trend up in words", () => {
    expect(trendSummary("LCP", points, DAY, "en-US", text, "UTC")).toBe(
      "The 75th percentile of LCP was 3,100 ms (needs improvement) on Sat, Nov 21, 2026, the latest with data; 1 of 2 days had data.",
    );
    expect(trendSummary("INP", [{ start: START, p75: null, samples: 0 }], HOUR, "en-US", text, "UTC")).toBe(
      "No INP was measured in this period.",
    );
  });

  it("words a trend in the seller's language, its numbers and dates by their locale", () => {
    expect(trendSummary("LCP", points, DAY, "de-DE", german, "UTC")).toBe(
      "Das 75. Perzentil von LCP lag am Sa., 21. Nov. 2026 bei 3.100 ms (verbesserungswürdig), dem letzten Zeitpunkt mit Daten; 1 von 2 Tagen hat Daten.",
    );
    expect(changeSincePrevious("LCP", 1800, 2600, "de-DE", german).text).toBe("800 ms besser als im Zeitraum davor");
    expect(binLabels("LCP", histogram("LCP", [])[11]!, "de-DE", german)).toEqual({
      tick: "mehr",
      label: "Über 5.500 ms",
    });
  });

  it("sums a distribution up in words", () => {
    const summary = {
      name: "CLS",
      samples: 4,
      ratingCounts: { good: 2, "needs-improvement": 1, poor: 1 },
      ratingPercentages: { good: 50, "needs-improvement": 25, poor: 25 },
    } as VitalSummary;
    expect(distributionSummary(summary, text)).toBe(
      "Of 4 page views that measured CLS, 2 (50%) were good, 1 (25%) needed improvement and 1 (25%) were poor.",
    );
  });
});
