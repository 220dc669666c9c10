import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { TextProvider } from "~/i18n/text";
import { columnSortSearches, pageChoiceSearches, type DashboardQuery } from "~/site-speed/dashboard-query";
import { findReportPeriod } from "~/site-speed/report-periods";
import { measuredPage } from "../../../../test/page-summaries";
import { PagesTable } from "./PagesTable";

const QUERY: DashboardQuery = {
  period: findReportPeriod("7d")!,
  segment: { device: "phone" },
  order: "LCP",
  direction: "descending",
};
const PAGES = [
  measuredPage({
    pageName: "sellerHubActiveListings",
    fullLoads: 1,
    inAppNavigations: 3,
    vitals: { LCP: { p75: 3100, previousP75: 2600 }, INP: { p75: 120, previousP75: 120, samples: 1 } },
  }),
  measuredPage({ pageName: "sellerHubOverview", fullLoads: 2, vitals: { LCP: { p75: 1200 } } }),
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
        pages={[measuredPage({ pageName: code, fullLoads: 1, vitals: { LCP: { p75: 1200 } } })]}
        locale="en-US"
        order={QUERY.order}
        direction={QUERY.direction}
        sortSearches={columnSortSearches(QUERY)}
        pageSearches={{ [code]: "?page=x" }}
      />,
    );
    expect(screen.getAllByRole("rowheader")[0]).toHaveTextContent(new RegExp(`^${code}$`));
  });

  it("gives each vital one figure and its rating, over the page views that measured it: the shares and the change are on the page's own table", () => {
    const table = renderTable();
    const listings = within(within(table).getByRole("row", { name: /sellerHubActiveListings/ })).getAllByRole("cell");
    expect(listings[3]).toHaveTextContent(/^3,100 ms Needs improvement 4 page views$/);
    // INP is measured only where the seller interacted: fewer page views than the LCP's.
    expect(listings[4]).toHaveTextContent(/^120 ms Good 1 page view$/);
    const overviewInp = within(within(table).getByRole("row", { name: /sellerHubOverview/ })).getAllByRole("cell")[4];
    expect(overviewInp).toHaveTextContent(/^Not measured$/);
  });

  it("counts the page views measured in the page's language, its plural and its digits' grouping", () => {
    render(
      <TextProvider value={textOfLanguage("fr-FR")}>
        <PagesTable
          pages={[
            measuredPage({
              pageName: "sellerHubOverview",
              fullLoads: 12_345,
              vitals: { LCP: { p75: 1200 }, INP: { p75: 90, samples: 1 } },
            }),
          ]}
          locale="fr-FR"
          order={QUERY.order}
          direction={QUERY.direction}
          sortSearches={columnSortSearches(QUERY)}
          pageSearches={{ sellerHubOverview: "?page=sellerHubOverview" }}
        />
      </TextProvider>,
    );
    const cells = screen.getAllByRole("cell");
    expect(cells[3]).toHaveTextContent(/12 345 pages vues$/);
    expect(cells[4]).toHaveTextContent(/^90 ms Bon 1 page vue$/);
  });

  it("sorts by links in the column headers, saying which column is sorted and how", () => {
    const table = renderTable();
    const lcpHeader = within(table).getByRole("columnheader", { name: /^LCP/ });
    expect(lcpHeader).toHaveAttribute("aria-sort", "descending");
    // The link says what it does, the page comes back at the table, and the order shows, not only
    // in aria-sort (the APG's sortable table; an audit of 2026-11-29).
    const lcp = within(lcpHeader).getByRole("link", { name: "LCP, sort lowest first" });
    expect(lcp).toHaveAttribute("href", "?period=7d&device=phone&sort=LCP&direction=ascending#every-page");
    expect(lcp).toHaveTextContent(/^LCP▼/);
    expect(table.closest("section")).toHaveAttribute("id", "every-page");
    const pageHeader = within(table).getByRole("columnheader", { name: /^Page,/ });
    expect(pageHeader).not.toHaveAttribute("aria-sort");
    const page = within(pageHeader).getByRole("link", { name: "Page, sort A to Z" });
    expect(page).toHaveAttribute("href", "?period=7d&device=phone&sort=page&direction=ascending#every-page");
    expect(page).toHaveTextContent(/^Page,/);
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
