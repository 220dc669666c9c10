import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { TrendChart, type TrendChartPoint } from "./TrendChart";

const POINTS: TrendChartPoint[] = [
  { tick: "20 Nov", label: "Fri, 20 Nov 2026", value: 1800, samples: 3 },
  { tick: "21 Nov", label: "Sat, 21 Nov 2026", value: null, samples: 0 },
  { tick: "22 Nov", label: "Sun, 22 Nov 2026", value: 4200, samples: 5 },
];

function renderChart() {
  return render(
    <TrendChart
      title="LCP of sellerHubOverview: 75th percentile over time"
      summary="The 75th percentile of LCP was 4,200 ms (poor) on Sun, 22 Nov 2026."
      points={POINTS}
      thresholds={[2500, 4000]}
      formatValue={(value) => `${value.toLocaleString("en-US")} ms`}
      valueHeading="LCP, 75th percentile"
      locale="en-US"
    />,
  );
}

describe("TrendChart", () => {
  it("is an image named by its title and described by its summary", () => {
    renderChart();
    const chart = screen.getByRole("img", { name: "LCP of sellerHubOverview: 75th percentile over time" });
    expect(chart).toHaveAccessibleDescription("The 75th percentile of LCP was 4,200 ms (poor) on Sun, 22 Nov 2026.");
  });

  it("labels both thresholds in words and numbers", () => {
    renderChart();
    expect(screen.getByText("Good up to 2,500 ms")).toBeInTheDocument();
    expect(screen.getByText("Poor above 4,000 ms")).toBeInTheDocument();
  });

  it("breaks the line where a bucket has no data and marks each measured point", () => {
    const { container } = renderChart();
    expect(container.querySelectorAll("circle")).toHaveLength(2);
    expect(container.querySelector("path.chart__line")?.getAttribute("d")?.match(/M/g)).toHaveLength(2);
  });

  it("holds its data in a table behind a disclosure that works without JavaScript", async () => {
    renderChart();
    await userEvent.click(screen.getByText("Data table"));
    const table = screen.getByRole("table", { name: "LCP of sellerHubOverview: 75th percentile over time" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "PeriodLCP, 75th percentilePage views",
      "Fri, 20 Nov 20261,800 ms3",
      "Sat, 21 Nov 2026No data0",
      "Sun, 22 Nov 20264,200 ms5",
    ]);
  });

  it("uses no inline styles, which the content security policy forbids", () => {
    const { container } = renderChart();
    expect(container.querySelector("[style]")).toBeNull();
  });

  it("marks where a release began, on the chart and in its table, and adds no column when none did", async () => {
    const points = POINTS.map((point, index) => (index === 2 ? { ...point, releases: ["460d5540"] } : point));
    render(
      <TrendChart
        title="LCP of sellerHubOverview: 75th percentile over time"
        summary="…"
        points={points}
        thresholds={[2500, 4000]}
        formatValue={(value) => `${value} ms`}
        valueHeading="LCP, 75th percentile"
        locale="en-US"
      />,
    );
    expect(screen.getByText("Release 460d5540")).toBeInTheDocument();
    await userEvent.click(screen.getByText("Data table"));
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows[0]).toHaveTextContent(/Releases begun$/);
    expect(rows[3]).toHaveTextContent(/4200 ms5460d5540$/);
  });

  it("has no release column when no release began in the period", async () => {
    renderChart();
    await userEvent.click(screen.getByText("Data table"));
    expect(within(screen.getByRole("table")).getAllByRole("row")[0]).not.toHaveTextContent("Releases begun");
  });
});
