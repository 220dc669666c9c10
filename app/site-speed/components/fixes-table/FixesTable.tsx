import { vitalTitle } from "~/site-speed/report-labels";
import type { FixSummary } from "~/site-speed/site-speed-report";
import { formatVital, rate, RATING_LABELS } from "~/site-speed/vitals";
import { TableScroll } from "../../../components/table-scroll/TableScroll";

export interface FixesTableProps {
  /** Furthest from good first. */
  fixes: FixSummary[];
  /** Formats numbers in the seller's locale. */
  locale: string;
}

/** What to fix: the elements that were the LCP and the targets of the INP, from web-vitals' attribution. */
export function FixesTable({ fixes, locale }: FixesTableProps) {
  if (fixes.length === 0)
    return <p className="empty-state">No LCP element or INP target was reported in this period.</p>;
  return (
    <TableScroll label="Table: what to fix">
      <table className="data-table">
        <caption>What to fix: the LCP elements and INP interaction targets, furthest from good first</caption>
        <thead>
          <tr>
            <th scope="col">Element</th>
            <th scope="col">Page</th>
            <th scope="col">Web vital</th>
            <th scope="col">75th percentile</th>
            <th scope="col">Page views</th>
          </tr>
        </thead>
        <tbody>
          {fixes.map((fix) => {
            const rating = rate(fix.vital, fix.p75);
            return (
              <tr key={`${fix.pageName} ${fix.vital} ${fix.element}`}>
                <th scope="row">
                  <code>{fix.element}</code>
                </th>
                <td>
                  <code>{fix.pageName}</code>
                </td>
                <td>{vitalTitle(fix.vital)}</td>
                <td>
                  {formatVital(fix.vital, fix.p75, locale)}{" "}
                  <span className={`rating rating--${rating}`}>{RATING_LABELS[rating]}</span>
                </td>
                <td>{fix.pageViews.toLocaleString(locale)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
