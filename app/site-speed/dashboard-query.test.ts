import { describe, expect, it } from "vitest";
import {
  columnSortSearches,
  pageChoiceSearches,
  readDashboardQuery,
  sortPages,
  unmeasuredRelease,
  type DashboardQuery,
} from "./dashboard-query";
import { textOfLanguage } from "~/i18n/catalogues.server";
import type { PageSummary } from "./site-speed-report";
import { VITAL_NAMES } from "./vitals";

const query = (search: string) => readDashboardQuery(new URLSearchParams(search));

function page(
  pageName: string,
  pageViews: number,
  LCP: number | null,
  inAppDurationP75: number | null = null,
): PageSummary {
  return {
    pageName,
    pageViews,
    fullLoads: pageViews,
    inAppNavigations: 0,
    inAppDurationP75,
    dataRequestP75: null,
    server: { fullLoads: null, inApp: null },
    vitalParts: { LCP: null, INP: null },
    vitals: VITAL_NAMES.map((name) => ({
      name,
      samples: 0,
      p75: name === "LCP" ? LCP : null,
      rating: null,
      previousP75: null,
      ratingCounts: { good: 0, "needs-improvement": 0, poor: 0 },
      ratingPercentages: { good: 0, "needs-improvement": 0, poor: 0 },
    })),
  };
}

describe("the dashboard's query", () => {
  it("defaults to the last 7 days, every segment, busiest page first", () => {
    expect(query("")).toMatchObject({ period: { key: "7d" }, segment: {}, order: "views", direction: "descending" });
  });

  it("reads a segment and an order", () => {
    expect(query("period=24h&device=phone&connection=3g&sort=LCP&direction=ascending")).toMatchObject({
      period: { key: "24h" },
      segment: { device: "phone", connection: "3g" },
      order: "LCP",
      direction: "ascending",
    });
  });

  it.each([
    ["period=forever", "Choose a period of 24h, 7d, 30d."],
    ["device=watch", "Choose a device of phone, tablet, desktop, or none for all."],
    ["connection=6g", "Choose a connection of slow-2g, 2g, 3g, 4g, or none for all."],
    ["sort=colour", "Sort by one of page, views, inApp, LCP, INP, CLS, FCP, TTFB."],
    ["direction=sideways", "Sort ascending or descending."],
    ["release=460d5540", "Choose two releases to compare, or neither."],
    ["against=460d5540", "Choose two releases to compare, or neither."],
    ["release=460d5540&against=..%2Fetc", "A release is 1 to 64 letters, digits, '.', '-' or '_'."],
    [`release=${"9".repeat(65)}&against=460d5540`, "A release is 1 to 64 letters, digits, '.', '-' or '_'."],
    ["release=460d5540&against=460d5540", "Choose two different releases to compare."],
    ["page=../etc", "Choose a page by its name in the table, such as sellerHubOverview."],
    ["page=1stPage", "Choose a page by its name in the table, such as sellerHubOverview."],
    [`page=p${"a".repeat(64)}`, "Choose a page by its name in the table, such as sellerHubOverview."],
    ["page=s%C3%A9ller", "Choose a page by its name in the table, such as sellerHubOverview."],
  ])("refuses %s, saying what it offers", (search, refusal) => {
    expect(query(search)).toEqual({ refusal });
  });

  it("reads two releases to compare, and none when neither is given", () => {
    expect(query("release=460d5540&against=3f2e1a07")).toMatchObject({
      releases: { release: "460d5540", against: "3f2e1a07" },
    });
    expect(query("release=&against=")).not.toHaveProperty("releases");
  });

  it("reads the page whose charts are shown, and none when none is given", () => {
    expect(query("page=sellerHubOverview")).toMatchObject({ page: "sellerHubOverview" });
    expect(query(`page=p${"a".repeat(63)}`)).toMatchObject({ page: `p${"a".repeat(63)}` });
    expect(query("page=")).not.toHaveProperty("page");
  });

  it("keeps the page shown in each column's link, and links each page with the rest of the query", () => {
    const chosen = query(
      "period=24h&connection=4g&sort=INP&direction=ascending&page=sellerHubOverview",
    ) as DashboardQuery;
    expect(columnSortSearches(chosen).LCP).toBe(
      "?period=24h&connection=4g&sort=LCP&direction=descending&page=sellerHubOverview",
    );
    expect(pageChoiceSearches(chosen, ["sellerHubActiveListings"])).toEqual({
      sellerHubActiveListings: "?period=24h&connection=4g&sort=INP&direction=ascending&page=sellerHubActiveListings",
    });
  });

  it("keeps the releases compared in each column's link", () => {
    const searches = columnSortSearches(query("period=30d&release=460d5540&against=3f2e1a07") as DashboardQuery);
    expect(searches.LCP).toBe("?period=30d&sort=LCP&direction=descending&release=460d5540&against=3f2e1a07");
  });

  it("links each column: the sorted one flips, the others sort in their first direction, the period and segment stay", () => {
    const searches = columnSortSearches(
      query("period=30d&device=tablet&sort=LCP&direction=descending") as DashboardQuery,
    );
    expect(searches.LCP).toBe("?period=30d&device=tablet&sort=LCP&direction=ascending");
    expect(searches.page).toBe("?period=30d&device=tablet&sort=page&direction=ascending");
    expect(searches.INP).toBe("?period=30d&device=tablet&sort=INP&direction=descending");
  });
});

describe("sorting the pages", () => {
  const pages = [
    page("sellerHubOverview", 9, 1200, 300),
    page("sellerHubListings", 4, 3100, 700),
    page("sellerHubSiteSpeed", 2, null),
  ];
  const names = (sorted: PageSummary[]) => sorted.map((summary) => summary.pageName);

  it("by a vital's 75th percentile, pages that did not measure it last either way", () => {
    expect(names(sortPages(pages, "LCP", "descending"))).toEqual([
      "sellerHubListings",
      "sellerHubOverview",
      "sellerHubSiteSpeed",
    ]);
    expect(names(sortPages(pages, "LCP", "ascending"))).toEqual([
      "sellerHubOverview",
      "sellerHubListings",
      "sellerHubSiteSpeed",
    ]);
  });

  it("by name, by page views and by in-app navigation time", () => {
    expect(names(sortPages(pages, "page", "ascending"))).toEqual([
      "sellerHubListings",
      "sellerHubOverview",
      "sellerHubSiteSpeed",
    ]);
    expect(names(sortPages(pages, "views", "ascending"))).toEqual([
      "sellerHubSiteSpeed",
      "sellerHubListings",
      "sellerHubOverview",
    ]);
    expect(names(sortPages(pages, "inApp", "descending"))).toEqual([
      "sellerHubListings",
      "sellerHubOverview",
      "sellerHubSiteSpeed",
    ]);
  });

  it("by the label the Page column shows, when it is given, the name breaking ties", () => {
    const labels: Record<string, string> = {
      sellerHubOverview: "Übersicht",
      sellerHubListings: "Angebote",
      sellerHubSiteSpeed: "Angebote",
    };
    expect(names(sortPages(pages, "page", "ascending", (name) => labels[name] ?? name))).toEqual([
      "sellerHubListings",
      "sellerHubSiteSpeed",
      "sellerHubOverview",
    ]);
  });
});

describe("unmeasuredRelease", () => {
  it("says in the seller's language which releases the period measured, as an old bookmark may ask for another", () => {
    // It was English on every page (an audit of 2026-11-29).
    const german = textOfLanguage("de-DE").text;
    const measured = [{ release: "2026.11.13" }, { release: "2026.11.20" }];
    expect(unmeasuredRelease({ release: "1999.01.01", against: "2026.11.13" }, measured, german)).toBe(
      "Wählen Sie Versionen, die dieser Zeitraum gemessen hat: 2026.11.20, 2026.11.13.",
    );
    expect(unmeasuredRelease({ release: "2026.11.20", against: "2026.11.13" }, measured, german)).toBeNull();
    expect(unmeasuredRelease(undefined, measured, german)).toBeNull();
    expect(unmeasuredRelease({ release: "a", against: "b" }, [], german)).toBe(
      "Dieser Zeitraum hat keine Version gemessen, die sich vergleichen ließe.",
    );
  });
});
