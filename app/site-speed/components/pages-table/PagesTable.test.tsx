import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { columnSortSearches, pageChoiceSearches, type DashboardQuery } from "~/site-speed/dashboard-query";
import { findReportPeriod } from "~/site-speed/report-periods";
import type { PageSummary } from "~/site-speed/site-speed-report";
import { VITAL_NAMES, type VitalName } from "~/site-speed/vitals";
import { PagesTable } from "./PagesTable";

function page(
  pageName: string,
  fullLoads: number,
  inAppNavigations: number,
  p75s: Partial<Record<VitalName, [number, number | null]>>,
): PageSummary {
  return {
    pageName,
    pageViews: fullLoads + inAppNavigations,
    fullLoads,
    inAppNavigations,
    inAppDurationP75: inAppNavigations > 0 ? 640 : null,
    dataRequestP75: inAppNavigations > 0 ? 210 : null,
    server: { fullLoads: null, inApp: null },
    vitalParts: { LCP: null, INP: null },
    vitals: VITAL_NAMES.map((name) => ({
      name,
      samples: p75s[name] ? 4 : 0,
      p75: p75s[name]?.[0] ?? null,
      rating: p75s[name] ? (name === "LCP" && (p75s[name]?.[0] ?? 0) > 2500 ? "needs-improvement" : "good") : null,
      previousP75: p75s[name]?.[1] ?? null,
      ratingCounts: { good: 3, "needs-improvement": 1, poor: 0 },
      ratingPercentages: { good: 75, "needs-improvement": 25, poor: 0 },
      histogram: [],
      trend: [],
    })),
  };
}

const QUERY: DashboardQuery = {
  period: findReportPeriod("7d")!,
  segment: { device: "phone" },
  order: "LCP",
  direction: "descending",
};
const PAGES = [
  page("sellerHubActiveListings", 1, 3, { LCP: [3100, 2600], INP: [120, 120] }),
  page("sellerHubOverview", 2, 0, { LCP: [1200, null] }),
];

function renderTable(shownPage?: string) {
  const query = { ...QUERY, ...(shownPage && { page: shownPage }) };
  render(
    <PagesTable
      pages={PAGES}
      locale="en-US"
      order={query.order}
      direction={query.direction}
      sortSearches={columnSortSearches(query)}
      pageSearches={pageChoiceSearches(
        query,
        PAGES.map(({ pageName }) => pageName),
      )}
      shownPage={shownPage}
    />,
  );
  return screen.getByRole("table", {
    name: "Every page: page views, how they were reached, and web vitals at the 75th percentile",
  });
}

describe("PagesTable", () => {
  it("has a row for every page, named by its label over its code, with its page views, full loads and in-app navigations", () => {
    const table = renderTable();
    const listings = within(table).getByRole("row", { name: /^Listings sellerHubActiveListings/ });
    expect(within(listings).getByRole("rowheader")).toHaveTextContent("Listings sellerHubActiveListings");
    const cells = within(listings).getAllByRole("cell");
    expect(cells[0]).toHaveTextContent("4");
    expect(cells[1]).toHaveTextContent("1");
    expect(cells[2]).toHaveTextContent("3 · 640 ms, data 210 ms");
    expect(
      within(within(table).getByRole("row", { name: /^Overview sellerHubOverview/ })).getAllByRole("cell")[2],
    ).toHaveTextContent("None");
  });

  it("names a page the hub does not know by its code alone, once", () => {
    const code = "x".repeat(64);
    render(
      <PagesTable
        pages={[page(code, 1, 0, { LCP: [1200, null] })]}
        locale="en-US"
        order={QUERY.order}
        direction={QUERY.direction}
        sortSearches={columnSortSearches(QUERY)}
        pageSearches={{ [code]: "?page=x" }}
      />,
    );
    expect(screen.getAllByRole("rowheader")[0]).toHaveTextContent(new RegExp(`^${code}$`));
  });

  it("gives each vital one figure and its rating: the shares and the change are on the page's own table", () => {
    const table = renderTable();
    const lcp = within(within(table).getByRole("row", { name: /sellerHubActiveListings/ })).getAllByRole("cell")[3];
    expect(lcp).toHaveTextContent(/^3,100 ms Needs improvement$/);
    const overviewInp = within(within(table).getByRole("row", { name: /sellerHubOverview/ })).getAllByRole("cell")[4];
    expect(overviewInp).toHaveTextContent("Not measured");
  });

  it("sorts by links in the column headers, saying which column is sorted and how", () => {
    const table = renderTable();
    const lcpHeader = within(table).getByRole("columnheader", { name: /^LCP/ });
    expect(lcpHeader).toHaveAttribute("aria-sort", "descending");
    expect(within(lcpHeader).getByRole("link", { name: /^LCP/ })).toHaveAttribute(
      "href",
      "?period=7d&device=phone&sort=LCP&direction=ascending",
    );
    const pageHeader = within(table).getByRole("columnheader", { name: /^Page$/ });
    expect(pageHeader).not.toHaveAttribute("aria-sort");
    expect(within(pageHeader).getByRole("link", { name: "Page" })).toHaveAttribute(
      "href",
      "?period=7d&device=phone&sort=page&direction=ascending",
    );
  });

  it("links each page to its own figures below the table, the query kept, saying which page they are", () => {
    const table = renderTable("sellerHubOverview");
    const listings = within(table).getByRole("link", { name: "Listings sellerHubActiveListings" });
    expect(listings).toHaveAttribute(
      "href",
      "?period=7d&device=phone&sort=LCP&direction=descending&page=sellerHubActiveListings#page-sellerHubActiveListings",
    );
    expect(listings).not.toHaveAttribute("aria-current");
    expect(within(table).getByRole("link", { name: "Overview sellerHubOverview" })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });

  it("scrolls sideways by keyboard on narrow screens: a focusable region named after the table", () => {
    renderTable();
    expect(screen.getByRole("region", { name: /^Every page/ })).toHaveAttribute("tabindex", "0");
  });
});
