import type { TrackingSummary } from "~/site-speed/site-speed-report";
import { TableScroll } from "../../../components/table-scroll/TableScroll";

export interface TrackingTableProps {
  /** Most frequent first. */
  tracking: TrackingSummary[];
  /** Formats counts in the seller's locale. */
  locale: string;
}

/** Page tracking's events of the period, counted per page and action. */
export function TrackingTable({ tracking, locale }: TrackingTableProps) {
  if (tracking.length === 0) return <p className="empty-state">No tracking events were recorded in this period.</p>;
  return (
    <TableScroll label="Table: tracking events">
      <table className="data-table">
        <caption>Tracking events per page and action</caption>
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col">Action</th>
            <th scope="col">Events</th>
          </tr>
        </thead>
        <tbody>
          {tracking.map((row) => (
            <tr key={`${row.pageName} ${row.action}`}>
              <th scope="row">
                <code>{row.pageName}</code>
              </th>
              <td>
                <code>{row.action}</code>
              </td>
              <td>{row.events.toLocaleString(locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
