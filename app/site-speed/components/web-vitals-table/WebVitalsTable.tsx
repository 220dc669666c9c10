import { useText } from "~/i18n/text";
import { RatingShareBar } from "../rating-share-bar/RatingShareBar";
import type { Change } from "~/site-speed/report-labels";
import { RATING_LABELS, type Rating } from "~/site-speed/vitals";
import { SpeedTable } from "../speed-table/SpeedTable";

export interface WebVitalsRow {
  /** The vital's acronym, and what it stands for: "LCP (Largest Contentful Paint)". */
  title: string;
  /** The 75th percentile, formatted ("2,480 ms"); null when no page view measured it. */
  p75: string | null;
  /** The 75th percentile's rating; null when no page view measured it. */
  rating: Rating | null;
  /** Whole per cents of page views per rating. */
  percentages: Record<Rating, number>;
  /** Page views that measured the vital, formatted. */
  samples: string;
  /** The 75th percentile against the period before's, in words; null when no page view measured it. */
  change: Change | null;
}

export interface WebVitalsTableProps {
  /** Names the table for everyone: what the rows are about. */
  caption: string;
  rows: WebVitalsRow[];
}

/** One row per web vital: its 75th percentile, the rating in words, and the share of each rating. */
export function WebVitalsTable({ caption, rows }: WebVitalsTableProps) {
  const text = useText();
  return (
    <SpeedTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">{text("speed.column.vital")}</th>
          <th scope="col">{text("speed.column.p75")}</th>
          <th scope="col">{text("speed.column.rating")}</th>
          <th scope="col">{text("speed.column.share")}</th>
          <th scope="col">{text("speed.column.measured")}</th>
          <th scope="col">{text("speed.column.previous")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.title}>
            <th scope="row">{row.title}</th>
            <td>{row.p75 ?? text("speed.notMeasured")}</td>
            <td>
              {row.rating ? (
                <span className={`rating rating--${row.rating}`}>{text(RATING_LABELS[row.rating])}</span>
              ) : (
                text("speed.noRating")
              )}
            </td>
            <td>{row.rating ? <RatingShareBar percentages={row.percentages} /> : text("speed.noPageViews")}</td>
            <td>{row.samples}</td>
            <td className={row.change ? `web-vitals-table__change--${row.change.direction}` : undefined}>
              {row.change ? row.change.text : text("speed.noPageViews")}
            </td>
          </tr>
        ))}
      </tbody>
    </SpeedTable>
  );
}
