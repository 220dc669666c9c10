import { useId, type ReactNode } from "react";
import { useText } from "~/i18n/text";
import { CHART, PLOT } from "./chart-frame";
import { linearScale, niceTicks } from "./chart-scale";
import { TableScroll } from "../../../components/table-scroll/TableScroll";

export interface ChartTable {
  /** Column headings. */
  headings: readonly string[];
  /** One row per datum; its first cell heads the row and must be unique. */
  rows: ReadonlyArray<readonly string[]>;
}

export interface ChartFigureProps {
  /** Visible caption, the chart's accessible name, and the data table's caption. */
  title: string;
  /** What the chart shows, in a sentence or two: its description for those who cannot see it. */
  summary: string;
  /** The largest value the y axis must show; it starts at 0 and ends on a round tick. */
  maxValue: number;
  /** Labels a y-axis tick. */
  formatTick: (value: number) => string;
  /** Draws the chart's marks in the coordinates of `CHART` and `PLOT`, given where values sit on the y axis. */
  children: (y: (value: number) => number) => ReactNode;
  /** The same data as a table, behind a disclosure. */
  table: ChartTable;
}

/**
 * What every hub chart shares: a figure with its caption, an SVG image with a title and a
 * description, the y axis with its grid, and the data as a table behind a "Data table" disclosure.
 */
export function ChartFigure({ title, summary, maxValue, formatTick, children, table }: ChartFigureProps) {
  const id = useId();
  const text = useText();
  const yTicks = niceTicks(maxValue);
  const y = linearScale([0, yTicks.at(-1) as number], [PLOT.bottom, PLOT.top]);
  return (
    <figure className="chart">
      <figcaption className="chart__caption">{title}</figcaption>
      <svg
        className="chart__svg"
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {yTicks.map((tick) => (
          <g key={tick}>
            <line className="chart__grid" x1={PLOT.left} x2={PLOT.right} y1={y(tick)} y2={y(tick)} />
            <text
              className="chart__axis-label"
              x={PLOT.left - 8}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
            >
              {formatTick(tick)}
            </text>
          </g>
        ))}
        {children(y)}
      </svg>
      <details className="chart__data">
        <summary>
          {text("speed.chart.dataTable")}
          <span className="visually-hidden">: {title}</span>
        </summary>
        <TableScroll label={text("speed.chart.dataTableOf", { title })}>
          <table className="data-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {table.headings.map((heading) => (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map(([header, ...cells]) => (
                <tr key={header}>
                  <th scope="row">{header}</th>
                  {cells.map((cell, index) => (
                    <td key={index}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
