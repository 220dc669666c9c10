import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { measuredCharts, measuredPage, type MeasuredPage } from "../../../test/page-summaries";
import { renderInRouter } from "../../../test/render-in-router";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { TextProvider } from "~/i18n/text";
import type { SiteSpeedReport } from "~/site-speed/site-speed-report";
import SiteSpeed from "./site-speed";
import type { Route } from "./+types/site-speed";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 12);

/** A page of two full loads whose LCP was 1.2 s. */
const twoFullLoads = (pageName: string): MeasuredPage => ({ pageName, fullLoads: 2, vitals: { LCP: { p75: 1200 } } });
/** The 24 hours' trend buckets. */
const HOURS = Array.from({ length: 24 }, (_, hour) => NOW - DAY + hour * (DAY / 24));

/** The dashboard of an account: with no page view summed yet (during a backlog or not), or with `pages` measured. */
function renderDashboard(
  stillSumming: boolean,
  measured: MeasuredPage[] = [],
  shownPage: string | null = null,
  segment: SiteSpeedReport["segment"] = {},
) {
  const pages = measured.map(measuredPage);
  const shown = measured.find(({ pageName }) => pageName === shownPage);
  const report: SiteSpeedReport = {
    since: NOW - DAY,
    until: NOW,
    bucketMs: DAY / 24,
    segment,
    pageViews: pages.reduce((sum, page) => sum + page.pageViews, 0),
    stillSumming,
    regressions: [],
    releases: [],
    releaseComparison: null,
    pages,
    charts: shown ? measuredCharts(shown, HOURS) : null,
    fixes: [],
    tracking: [],
    scriptErrors: [],
  };
  const loaderData = {
    report,
    period: "24h",
    order: "pageViews",
    direction: "descending",
    sortSearches: {},
    pageSearches: Object.fromEntries(pages.map(({ pageName }) => [pageName, `?period=24h&page=${pageName}`])),
    shownPage,
    shown: shown ? { page: measuredPage(shown), charts: report.charts } : null,
    exportLinks: { csv: "/sh/perf/pages?format=csv", json: "/sh/perf/pages?format=json" },
    locale: "en-US",
    timeZoneName: "Coordinated Universal Time",
  } as unknown as Route.ComponentProps["loaderData"];
  return renderInRouter("/sh/perf", () => (
    <TextProvider value={textOfLanguage("en-US")}>
      <SiteSpeed {...({ loaderData } as Route.ComponentProps)} />
    </TextProvider>
  ));
}

describe("the site-speed dashboard", () => {
  it("says page views are still being summed during a backlog, before its figures and even before “no page views”", async () => {
    await renderDashboard(true);
    const note = screen.getByText(
      "Some page views are still being added to the summaries: these figures do not count them yet.",
    );
    const empty = screen.getByText(/^No page views were measured in the last 24 hours/);
    expect(note.compareDocumentPosition(empty) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows no page's own figures until the seller chooses one in the table, and says so", async () => {
    await renderDashboard(false, [twoFullLoads("sellerHubOverview"), twoFullLoads("sellerHubActiveListings")]);
    expect(screen.getByRole("link", { name: "Overview sellerHubOverview" })).toHaveAttribute(
      "href",
      "?period=24h&page=sellerHubOverview#page-sellerHubOverview",
    );
    expect(screen.getByText(/^Choose a page in the table for its own figures/)).toBeVisible();
    expect(screen.queryByRole("region", { name: /^\w+ · \d+ page views?$/ })).toBeNull();
    expect(screen.queryByRole("img", { name: /75th percentile over time/ })).toBeNull();
  });

  it("shows the chosen page's own figures and charts, and no other page's", async () => {
    await renderDashboard(
      false,
      [twoFullLoads("sellerHubOverview"), twoFullLoads("sellerHubActiveListings")],
      "sellerHubActiveListings",
    );
    const shown = screen.getByRole("region", { name: "sellerHubActiveListings · 2 page views" });
    expect(shown).toBeVisible();
    expect(
      screen.getByRole("img", { name: "LCP of sellerHubActiveListings: 75th percentile over time" }),
    ).toBeVisible();
    expect(screen.getAllByRole("region", { name: /^\w+ · \d+ page views?$/ })).toHaveLength(1);
    expect(screen.queryByText(/^Choose a page in the table/)).toBeNull();
    expect(screen.getByRole("link", { name: "Listings sellerHubActiveListings" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    // The period and segment form keeps the page shown.
    expect(document.querySelector('input[type="hidden"][name="page"]')).toHaveValue("sellerHubActiveListings");
  });

  it("says so when the chosen page measured nothing in the period", async () => {
    await renderDashboard(false, [twoFullLoads("sellerHubOverview")], "sellerHubBulkPriceChoose");
    const section = screen.getByRole("region", { name: "sellerHubBulkPriceChoose" });
    expect(section).toHaveTextContent("No page view of sellerHubBulkPriceChoose was measured in this period.");
  });

  it("says which devices and connections, when the chosen page measured nothing on those", async () => {
    await renderDashboard(false, [twoFullLoads("sellerHubOverview")], "sellerHubBulkPriceChoose", { device: "phone" });
    expect(screen.getByRole("region", { name: "sellerHubBulkPriceChoose" })).toHaveTextContent(
      "No page view of sellerHubBulkPriceChoose was measured in this period on the chosen devices and connections.",
    );
  });

  it("says nothing of the kind once the sums hold every page view", async () => {
    await renderDashboard(false);
    expect(screen.queryByText(/still being added to the summaries/)).toBeNull();
    expect(screen.getByText(/^No page views were measured in the last 24 hours/)).toBeVisible();
  });
});
