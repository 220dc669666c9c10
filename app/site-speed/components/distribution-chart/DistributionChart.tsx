import { useText } from "~/i18n/text";
import { RATING_LABELS, RATINGS, type Rating } from "~/site-speed/vitals";
import { ChartFigure } from "../chart-figure/ChartFigure";
import { PLOT } from "../chart-figure/chart-frame";
import { labelEvery } from "../chart-figure/chart-scale";

export interface DistributionBin {
  /** Short label drawn under the bin's upper edge ("1,500"); the last bin is open-ended, its label ("more") centred under it. */
  tick: string;
  /** Full range in the data table ("1,000–1,500 ms"). */
  label: string;
  count: number;
  rating: Rating;
}

export interface DistributionChartProps {
  /** Visible caption and the chart's accessible name. */
  title: string;
  /** What the chart shows, in a sentence or two: its description for those who cannot see it. */
  summary: string;
  /** Neighbouring bins, lowest first; each has one rating. */
  bins: DistributionBin[];
  /** Heading of the range column in the data table ("LCP"). */
  rangeHeading: string;
  /** Unit of the edges under the axis ("ms"); none for unitless values. */
  unit?: string;
  /** Formats counts in the page's language's locale. */
  locale: string;
}

/**
 * A histogram whose bars take their rating's colour; the ratings are also written under the
 * axis, across the bins they cover, so colour is never the only sign.
 */
export function DistributionChart({ title, summary, bins, rangeHeading, unit, locale }: DistributionChartProps) {
  const text = useText();
  const slot = PLOT.width / Math.max(bins.length, 1);
  const every = labelEvery(bins.length, 14);

  return (
    <ChartFigure
      title={title}
      summary={summary}
      maxValue={Math.max(...bins.map((bin) => bin.count), 1)}
      formatTick={(tick) => tick.toLocaleString(locale)}
      table={{
        headings: [rangeHeading, text("speed.column.pageViews"), text("speed.column.rating")],
        rows: bins.map((bin) => [bin.label, bin.count.toLocaleString(locale), text(RATING_LABELS[bin.rating])]),
      }}
    >
      {(y) => (
        <>
          {bins.map((bin, index) => (
            <g key={bin.label}>
              {bin.count > 0 && (
                <rect
                  className={`chart__bar chart__bar--${bin.rating}`}
                  x={PLOT.left + slot * index + slot * 0.1}
                  width={slot * 0.8}
                  y={y(bin.count)}
                  height={PLOT.bottom - y(bin.count)}
                />
              )}
              {(index % every === 0 || index === bins.length - 1) && (
                <text
                  className="chart__axis-label"
                  x={PLOT.left + slot * (index + (index === bins.length - 1 ? 0.5 : 1))}
                  y={PLOT.bottom + 16}
                  textAnchor="middle"
                >
                  {bin.tick}
                </text>
              )}
            </g>
          ))}
          {unit && (
            <text className="chart__axis-label" x={PLOT.left - 8} y={PLOT.bottom + 16} textAnchor="end">
              {unit}
            </text>
          )}
          {ratingSpans(bins).map(({ rating, first, last }) => (
            <g key={rating} className={`chart__rating-band chart__rating-band--${rating}`}>
              <line
                x1={PLOT.left + slot * first + 2}
                x2={PLOT.left + slot * (last + 1) - 2}
                y1={PLOT.bottom + 26}
                y2={PLOT.bottom + 26}
              />
              <text
                className="chart__rating-label"
                x={PLOT.left + (slot * (first + last + 1)) / 2}
                y={PLOT.bottom + 42}
                textAnchor="middle"
              >
                {text(RATING_LABELS[rating])}
              </text>
            </g>
          ))}
        </>
      )}
    </ChartFigure>
  );
}

/** The first and last bin of each rating that occurs, in rating order. */
function ratingSpans(bins: readonly DistributionBin[]): Array<{ rating: Rating; first: number; last: number }> {
  return RATINGS.flatMap((rating) => {
    const first = bins.findIndex((bin) => bin.rating === rating);
    return first < 0 ? [] : [{ rating, first, last: bins.findLastIndex((bin) => bin.rating === rating) }];
  });
}
