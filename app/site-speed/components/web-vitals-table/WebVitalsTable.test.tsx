import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WebVitalsTable } from "./WebVitalsTable";

describe("WebVitalsTable", () => {
  it("gives each vital its 75th percentile, its rating and its change against the period before, in words", () => {
    render(
      <WebVitalsTable
        caption="Web vitals of sellerHubOverview at the 75th percentile"
        rows={[
          {
            title: "LCP (Largest Contentful Paint)",
            p75: "3,100 ms",
            rating: "needs-improvement",
            percentages: { good: 60, "needs-improvement": 30, poor: 10 },
            samples: "12",
            change: { direction: "worse", text: "500 ms worse than the period before" },
          },
          {
            title: "INP (Interaction to Next Paint)",
            p75: null,
            rating: null,
            percentages: { good: 0, "needs-improvement": 0, poor: 0 },
            samples: "0",
            change: null,
          },
        ]}
      />,
    );
    const table = screen.getByRole("table", { name: "Web vitals of sellerHubOverview at the 75th percentile" });
    const lcp = within(table).getByRole("row", { name: /LCP/ });
    expect(within(lcp).getByRole("rowheader")).toHaveTextContent("LCP (Largest Contentful Paint)");
    expect(lcp).toHaveTextContent("3,100 ms");
    expect(lcp).toHaveTextContent("Needs improvement");
    expect(within(lcp).getByRole("list")).toHaveTextContent("Good 60%");
    expect(within(lcp).getAllByRole("cell").at(-1)).toHaveTextContent("500 ms worse than the period before");
    expect(within(table).getByRole("columnheader", { name: "Against the period before" })).toBeInTheDocument();
    expect(within(table).getByRole("row", { name: /INP/ })).toHaveTextContent(
      "Not measuredNo ratingNo page views0No page views",
    );
  });
});
