import { RatingShareBar } from "../rating-share-bar/RatingShareBar";
import { RATING_LABELS, type Rating } from "~/site-speed/vitals";
import { TableScroll } from "../../../components/table-scroll/TableScroll";

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
}

export interface WebVitalsTableProps {
  /** Names the table for everyone: what the rows are about. */
  caption: string;
  rows: WebVitalsRow[];
}

/** One row per web vital: its 75th percentile, the rating in words, and the share of each rating. */
export function WebVitalsTable({ caption, rows }: WebVitalsTableProps) {
  return (
    <TableScroll label={`Table: ${caption}`}>
      <table className="data-table">
        <caption className="web-vitals-table__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Web vital</th>
            <th scope="col">75th percentile</th>
            <th scope="col">Rating</th>
            <th scope="col">Share of page views</th>
            <th scope="col">Page views measured</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.title}>
              <th scope="row">{row.title}</th>
              <td>{row.p75 ?? "Not measured"}</td>
              <td>
                {row.rating ? (
                  <span className={`rating rating--${row.rating}`}>{RATING_LABELS[row.rating]}</span>
                ) : (
                  "No rating"
                )}
              </td>
              <td>{row.rating ? <RatingShareBar percentages={row.percentages} /> : "No page views"}</td>
              <td>{row.samples}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
