import { useText } from "~/i18n/text";
import { ChartFigure } from "../chart-figure/ChartFigure";
import { PLOT } from "../chart-figure/chart-frame";
import { labelEvery } from "../chart-figure/chart-scale";

export interface TrendChartPoint {
  /** Short label under the axis ("3 Nov", "14:00"). */
  tick: string;
  /** Full label in the data table ("3 Nov 2026"). */
  label: string;
  /** Null where nothing was measured: the line breaks there. */
  value: number | null;
  /** How many measurements the value summarises. */
  samples: number;
  /** Releases of the hub that began in this bucket, marked on the chart and named in its table. */
  releases?: readonly string[];
}

export interface TrendChartProps {
  /** Visible caption and the chart's accessible name. */
  title: string;
  /** What the chart shows, in a sentence or two: its description for those who cannot see it. */
  summary: string;
  /** One point per time bucket, oldest first. */
  points: TrendChartPoint[];
  /** [good up to, needs improvement up to]: drawn as labelled lines. */
  thresholds: readonly [number, number];
  /** Formats a value for the axis, the threshold labels and the table ("2,500 ms"). */
  formatValue: (value: number) => string;
  /** Heading of the value column in the data table. */
  valueHeading: string;
  /** Formats counts in the page's language's locale. */
  locale: string;
}

/** A line over time against two labelled thresholds, drawn as SVG, with its data as a table. */
export function TrendChart({ title, summary, points, thresholds, formatValue, valueHeading, locale }: TrendChartProps) {
  const text = useText();
  const measured = points.flatMap((point) => (point.value === null ? [] : [point.value]));
  const slot = PLOT.width / Math.max(points.length, 1);
  const x = (index: number) => PLOT.left + slot * (index + 0.5);
  const every = labelEvery(points.length, 8);
  const marksReleases = points.some((point) => (point.releases?.length ?? 0) > 0);

  return (
    <ChartFigure
      title={title}
      summary={summary}
      maxValue={Math.max(...measured, thresholds[1]) * 1.1}
      formatTick={formatValue}
      table={{
        headings: [
          text("speed.column.period"),
          valueHeading,
          text("speed.column.pageViews"),
          ...(marksReleases ? [text("speed.chart.releasesBegun")] : []),
        ],
        rows: points.map((point) => [
          point.label,
          point.value === null ? text("speed.chart.noData") : formatValue(point.value),
          point.samples.toLocaleString(locale),
          ...(marksReleases ? [point.releases?.join(", ") ?? ""] : []),
        ]),
      }}
    >
      {(y) => (
        <>
          <ThresholdLine
            y={y(thresholds[0])}
            className="chart__threshold chart__threshold--good"
            label={text("speed.chart.goodUpTo", { value: formatValue(thresholds[0]) })}
          />
          <ThresholdLine
            y={y(thresholds[1])}
            className="chart__threshold chart__threshold--poor"
            label={text("speed.chart.poorAbove", { value: formatValue(thresholds[1]) })}
          />
          {points
            .flatMap((point, index) => (point.releases?.length ? [{ point, index }] : []))
            .map(({ point, index }, nth) => (
              <ReleaseMark
                key={`release-${index}`}
                x={x(index) - slot / 2}
                // Marks near one another take turns on two lines, so that their labels do not overlap.
                line={nth % 2}
                label={text("speed.chart.releaseBegan", {
                  count: point.releases?.length ?? 0,
                  releases: point.releases?.join(", ") ?? "",
                })}
              />
            ))}
          <path className="chart__line" d={linePath(points, x, y)} />
          {points.map((point, index) =>
            point.value === null ? null : (
              <circle key={index} className="chart__point" cx={x(index)} cy={y(point.value)} r={4} />
            ),
          )}
          {points.map((point, index) =>
            index % every === 0 ? (
              <text key={index} className="chart__axis-label" x={x(index)} y={PLOT.bottom + 20} textAnchor="middle">
                {point.tick}
              </text>
            ) : null,
          )}
        </>
      )}
    </ChartFigure>
  );
}

/**
 * Where a release began: a line at its bucket's start, labelled at the top, on the side with room
 * (a mark in the chart's right half is labelled to its left, so the newest is not cut off).
 */
function ReleaseMark({ x, line, label }: { x: number; line: number; label: string }) {
  const rightHalf = x > (PLOT.left + PLOT.right) / 2;
  return (
    <g className="chart__release">
      <line x1={x} x2={x} y1={PLOT.top} y2={PLOT.bottom} />
      <text
        className="chart__release-label"
        x={rightHalf ? x - 4 : x + 4}
        y={PLOT.top + 12 + line * 14}
        textAnchor={rightHalf ? "end" : "start"}
      >
        {label}
      </text>
    </g>
  );
}

function ThresholdLine({ y, className, label }: { y: number; className: string; label: string }) {
  return (
    <g className={className}>
      <line x1={PLOT.left} x2={PLOT.right} y1={y} y2={y} />
      <text className="chart__threshold-label" x={PLOT.right - 4} y={y - 5} textAnchor="end">
        {label}
      </text>
    </g>
  );
}

/** Joins neighbouring measured points; a bucket without data breaks the line. */
function linePath(
  points: readonly TrendChartPoint[],
  x: (index: number) => number,
  y: (value: number) => number,
): string {
  let path = "";
  let drawing = false;
  points.forEach((point, index) => {
    if (point.value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? "L" : "M"}${x(index).toFixed(1)} ${y(point.value).toFixed(1)}`;
    drawing = true;
  });
  return path;
}
