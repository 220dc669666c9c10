import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ChartFigure } from "./ChartFigure";
import { PLOT } from "./chart-frame";

function renderFigure() {
  return render(
    <ChartFigure
      title="Orders per day"
      summary="Orders rose from 2 to 8."
      maxValue={8}
      formatTick={(tick) => `${tick} orders`}
      table={{
        headings: ["Day", "Orders"],
        rows: [
          ["Mon", "2"],
          ["Tue", "8"],
        ],
      }}
    >
      {(y) => <circle className="chart__point" cx={100} cy={y(8)} r={4} />}
    </ChartFigure>,
  );
}

describe("ChartFigure", () => {
  it("captions the figure and names and describes the chart image", () => {
    renderFigure();
    expect(within(screen.getByRole("figure")).getByText("Orders per day", { selector: "figcaption" })).toBeVisible();
    expect(screen.getByRole("img", { name: "Orders per day" })).toHaveAccessibleDescription("Orders rose from 2 to 8.");
  });

  it("draws a y axis from 0 to a round tick past the largest value, and places the caller's marks on it", () => {
    const { container } = renderFigure();
    const chart = screen.getByRole("img");
    expect(
      within(chart)
        .getAllByText(/orders$/)
        .map((label) => label.textContent),
    ).toEqual(["0 orders", "2 orders", "4 orders", "6 orders", "8 orders"]);
    expect(container.querySelectorAll("line.chart__grid")).toHaveLength(5);
    expect(container.querySelector("circle.chart__point")).toHaveAttribute("cy", String(PLOT.top));
  });

  it("repeats the data as a table whose first column heads each row", () => {
    renderFigure();
    const table = screen.getByRole("table", { name: "Orders per day" });
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Mon", "Tue"]);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Day", "Orders"]);
  });
});
