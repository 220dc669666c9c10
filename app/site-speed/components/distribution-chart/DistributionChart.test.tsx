import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DistributionChart, type DistributionBin } from "./DistributionChart";

const BINS: DistributionBin[] = [
  { tick: "200", label: "Up to 200 ms", count: 6, rating: "good" },
  { tick: "500", label: "200–500 ms", count: 0, rating: "needs-improvement" },
  { tick: "more", label: "Over 500 ms", count: 1234, rating: "poor" },
];

function renderChart() {
  return render(
    <DistributionChart
      title="INP of sellerHubOverview: distribution of page views"
      summary="Of 1,240 page views that measured INP, 6 were good and 1,234 were poor."
      bins={BINS}
      rangeHeading="INP"
      unit="ms"
      locale="en-US"
    />,
  );
}

describe("DistributionChart", () => {
  it("is an image named by its title and described by its summary", () => {
    renderChart();
    expect(
      screen.getByRole("img", { name: "INP of sellerHubOverview: distribution of page views" }),
    ).toHaveAccessibleDescription("Of 1,240 page views that measured INP, 6 were good and 1,234 were poor.");
  });

  it("draws a bar per measured bin in its rating's colour, and writes the ratings under the axis", () => {
    const { container } = renderChart();
    expect([...container.querySelectorAll("rect")].map((bar) => bar.getAttribute("class"))).toEqual([
      "chart__bar chart__bar--good",
      "chart__bar chart__bar--poor",
    ]);
    const chart = screen.getByRole("img");
    for (const rating of ["Good", "Needs improvement", "Poor"])
      expect(within(chart).getByText(rating)).toBeInTheDocument();
  });

  it("lists every bin with its count and rating in the data table", () => {
    renderChart();
    const rows = within(screen.getByRole("table", { hidden: true })).getAllByRole("row", { hidden: true });
    expect(rows.map((row) => row.textContent)).toEqual([
      "INPPage viewsRating",
      "Up to 200 ms6Good",
      "200–500 ms0Needs improvement",
      "Over 500 ms1,234Poor",
    ]);
  });

  it("uses no inline styles", () => {
    const { container } = renderChart();
    expect(container.querySelector("[style]")).toBeNull();
  });
});
