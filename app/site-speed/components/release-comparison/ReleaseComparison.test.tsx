import { cleanup, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../../test/render-in-router";
import { SellerTimeZoneProvider } from "~/time/seller-time-zone";
import type { ReleaseComparison as Comparison, ReleaseSummary } from "~/site-speed/site-speed-report";
import { ReleaseComparison } from "./ReleaseComparison";

const RELEASES: ReleaseSummary[] = [
  { release: "3f2e1a07", firstSeen: Date.UTC(2026, 10, 18, 9, 30), pageViews: 120 },
  { release: "460d5540", firstSeen: Date.UTC(2026, 10, 24, 14, 5), pageViews: 48 },
];
const COMPARISON: Comparison = {
  release: "460d5540",
  against: "3f2e1a07",
  pages: [
    {
      pageName: "sellerHubActiveListings",
      vitals: [
        { name: "LCP", p75: 2980, samples: 48, againstP75: 1780, againstSamples: 120 },
        { name: "CLS", p75: 0.02, samples: 48, againstP75: 0, againstSamples: 120 },
        { name: "INP", p75: 90, samples: 12, againstP75: 120, againstSamples: 40 },
      ],
    },
  ],
};

function renderComparison(releases = RELEASES, comparison: Comparison | null = COMPARISON) {
  return renderInRouter("/sh/perf", () => (
    <SellerTimeZoneProvider value="America/Los_Angeles">
      <ReleaseComparison
        releases={releases}
        comparison={comparison}
        keep={{ period: "7d", device: "phone", sort: "views", direction: "descending" }}
        locale="en-US"
      />
    </SellerTimeZoneProvider>
  ));
}

describe("ReleaseComparison", () => {
  it("sets one release's vitals against another's, page by page, with how much they changed", async () => {
    await renderComparison();
    const section = screen.getByRole("region", { name: "Releases" });
    expect(section).toHaveTextContent("2 releases of the hub served this period's page views.");
    const table = within(section).getByRole("table", {
      name: "Release 460d5540 against 3f2e1a07: each page's Web Vitals at the 75th percentile",
    });
    const [header, lcp, cls, inp] = within(table).getAllByRole("row");
    expect(header).toHaveTextContent(
      /^PageWeb vital75th percentile, 460d554075th percentile, 3f2e1a07ChangePage views measured, 460d5540Page views measured, 3f2e1a07$/,
    );
    expect(lcp).toHaveTextContent(
      /^Listings sellerHubActiveListingsLCP .*2,980 ms Needs improvement1,780 ms Good\+67%48120$/,
    );
    // No share of nothing: a CLS from 0 changed by the whole of its value.
    expect(cls).toHaveTextContent(/0\.02 Good0\.00 Good\+0\.0248120$/);
    expect(inp).toHaveTextContent(/90 ms Good120 ms Good-25%1240$/);
  });

  it("chooses the pair by a form that keeps the dashboard's other choices, newest release first, dated in the seller's zone", async () => {
    await renderComparison();
    const release = screen.getByRole("combobox", { name: "Release" });
    expect(release).toHaveValue("460d5540");
    expect(
      within(release)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["460d5540, from Nov 24, 2026, 6:05 AM PST", "3f2e1a07, from Nov 18, 2026, 1:30 AM PST"]);
    expect(screen.getByRole("combobox", { name: "Against" })).toHaveValue("3f2e1a07");
    const form = screen.getByRole("button", { name: "Compare" }).closest("form") as HTMLFormElement;
    expect(form.method).toBe("get");
    expect(Object.fromEntries(new FormData(form))).toEqual({
      period: "7d",
      device: "phone",
      sort: "views",
      direction: "descending",
      release: "460d5540",
      against: "3f2e1a07",
    });
  });

  it("says so when no page was measured under both", async () => {
    await renderComparison(RELEASES, { ...COMPARISON, pages: [] });
    expect(screen.getByText("No page had a Web Vital measured under both releases in this period.")).toBeVisible();
  });

  it("names a single release and offers no comparison, and says nothing without releases", async () => {
    await renderComparison(RELEASES.slice(0, 1), null);
    expect(screen.getByRole("region", { name: "Releases" })).toHaveTextContent(
      "One release of the hub served this period's page views.",
    );
    expect(screen.queryByRole("button", { name: "Compare" })).toBeNull();
    cleanup();
    await renderComparison([], null);
    expect(screen.queryByRole("region", { name: "Releases" })).toBeNull();
  });
});
