import type { TrackingSummary } from "~/site-speed/site-speed-report";
import { useText } from "~/i18n/text";
import { TableScroll } from "../../../components/table-scroll/TableScroll";

export interface TrackingTableProps {
  /** Most frequent first. */
  tracking: TrackingSummary[];
  /** Formats counts in the page's language's locale. */
  locale: string;
}

/** Page tracking's events of the period, counted per page and action. */
export function TrackingTable({ tracking, locale }: TrackingTableProps) {
  const text = useText();
  if (tracking.length === 0) return <p className="empty-state">{text("speed.tracking.none")}</p>;
  return (
    <TableScroll label={text("speed.tracking.region")}>
      <table className="data-table">
        <caption>{text("speed.tracking.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{text("speed.column.page")}</th>
            <th scope="col">{text("speed.column.action")}</th>
            <th scope="col">{text("speed.column.events")}</th>
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
