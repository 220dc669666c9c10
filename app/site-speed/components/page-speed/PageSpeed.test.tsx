import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { PageCharts, PageSummary } from "~/site-speed/site-speed-report";
import { chartVital, summariseVital } from "../../../../test/exact-vital-statistics";
import { VITAL_NAMES, type VitalName } from "~/site-speed/vitals";
import { PageSpeed } from "./PageSpeed";

const DAY = 86_400_000;
const SINCE = Date.UTC(2026, 10, 16);

/** Each vital's page views, all on the week's last day. */
const measured = (name: VitalName) => (name === "INP" ? [] : name === "CLS" ? [0.01, 0.02, 0.05] : [300, 600, 900]);

const PAGE: PageSummary = {
  pageName: "sellerHubOverview",
  pageViews: 3,
  fullLoads: 3,
  inAppNavigations: 0,
  inAppDurationP75: null,
  dataRequestP75: null,
  server: { fullLoads: null, inApp: null },
  vitalParts: { LCP: null, INP: null },
  vitals: VITAL_NAMES.map((name) => summariseVital(name, measured(name), null)),
};

const CHARTS: PageCharts = {
  pageName: "sellerHubOverview",
  vitals: Object.fromEntries(
    VITAL_NAMES.map((name) => [
      name,
      chartVital(
        name,
        measured(name).map((value) => ({ at: SINCE + 6 * DAY, value })),
        Array.from({ length: 7 }, (_, day) => SINCE + day * DAY),
        SINCE + 7 * DAY,
      ),
    ]),
  ) as PageCharts["vitals"],
};

describe("PageSpeed", () => {
  it("is a region named after the page, with a table of all five vitals", () => {
    render(<PageSpeed page={PAGE} charts={CHARTS} bucketMs={DAY} locale="en-US" />);
    const region = screen.getByRole("region", { name: "sellerHubOverview · 3 page views" });
    const rows = within(
      within(region).getByRole("table", { name: "Web vitals of sellerHubOverview at the 75th percentile" }),
    ).getAllByRole("rowheader");
    expect(rows.map((row) => row.textContent)).toEqual([
      "LCP (Largest Contentful Paint)",
      "INP (Interaction to Next Paint)",
      "CLS (Cumulative Layout Shift)",
      "FCP (First Contentful Paint)",
      "TTFB (Time to First Byte)",
    ]);
  });

  it("marks on each trend the day each release began: at a day's first instant, on its last day, never before the period", () => {
    render(
      <PageSpeed
        page={PAGE}
        charts={CHARTS}
        bucketMs={DAY}
        locale="en-US"
        releases={[
          { release: "older", firstSeen: SINCE - 1, pageViews: 1 },
          { release: "monday", firstSeen: SINCE + DAY, pageViews: 1 },
          { release: "sunday-late", firstSeen: SINCE + 7 * DAY - 1, pageViews: 1 },
        ]}
      />,
    );
    const trend = screen.getByRole("img", { name: "LCP of sellerHubOverview: 75th percentile over time" });
    expect([...trend.querySelectorAll(".chart__release-label")].map((label) => label.textContent)).toEqual([
      "Release monday",
      "Release sunday-late",
    ]);
    const table = trend.closest("figure")?.querySelector("table") as HTMLTableElement;
    const begun = [...table.querySelectorAll("tbody tr")].map((row) => row.lastElementChild?.textContent);
    expect(begun).toEqual(["", "monday", "", "", "", "", "sunday-late"]);
  });

  it("charts LCP, INP, CLS and TTFB over time and as distributions", () => {
    render(<PageSpeed page={PAGE} charts={CHARTS} bucketMs={DAY} locale="en-US" />);
    expect(screen.getAllByRole("img").map((chart) => chart.querySelector("title")?.textContent)).toEqual([
      "LCP of sellerHubOverview: 75th percentile over time",
      "LCP of sellerHubOverview: distribution of page views",
      "CLS of sellerHubOverview: 75th percentile over time",
      "CLS of sellerHubOverview: distribution of page views",
      "TTFB of sellerHubOverview: 75th percentile over time",
      "TTFB of sellerHubOverview: distribution of page views",
    ]);
  });

  it("explains a vital nobody measured instead of drawing empty charts", () => {
    render(<PageSpeed page={PAGE} charts={CHARTS} bucketMs={DAY} locale="en-US" />);
    // Under the vital's heading (each vital is a part of the page's region, not a landmark of its own).
    const inp = screen.getByRole("heading", { level: 3, name: "INP (Interaction to Next Paint)" }).parentElement;
    expect(inp).toHaveTextContent(
      "No page view of sellerHubOverview measured INP in this period. INP needs a click, a tap or a key press on the page.",
    );
  });
});
