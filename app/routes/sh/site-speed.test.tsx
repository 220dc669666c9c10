import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../test/render-in-router";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { TextProvider } from "~/i18n/text";
import type { SiteSpeedReport } from "~/site-speed/site-speed-report";
import SiteSpeed from "./site-speed";
import type { Route } from "./+types/site-speed";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 28, 12);

/** The dashboard of an account with no page view summed yet, during a backlog or not. */
function renderDashboard(stillSumming: boolean) {
  const report: SiteSpeedReport = {
    since: NOW - DAY,
    until: NOW,
    bucketMs: DAY / 24,
    segment: {},
    pageViews: 0,
    stillSumming,
    regressions: [],
    releases: [],
    releaseComparison: null,
    pages: [],
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

  it("says nothing of the kind once the sums hold every page view", async () => {
    await renderDashboard(false);
    expect(screen.queryByText(/still being added to the summaries/)).toBeNull();
    expect(screen.getByText(/^No page views were measured in the last 24 hours/)).toBeVisible();
  });
});
