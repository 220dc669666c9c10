import { href, Link } from "react-router";
import { TableScroll } from "~/components/table-scroll/TableScroll";
import { formatMoney } from "~/money/format-money";
import type { PriceHistoryEntry } from "../../price-changes.server";

export interface PriceHistoryProps {
  entries: PriceHistoryEntry[];
  locale: string;
}

/** A listing's price changes, newest first: when, from, to, and by which change. */
export function PriceHistory({ entries, locale }: PriceHistoryProps) {
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return (
    <section className="price-history" aria-labelledby="price-history-title">
      <h3 id="price-history-title">Price history</h3>
      {entries.length === 0 ? (
        <p>The price has not been changed in the hub.</p>
      ) : (
        <TableScroll label="Table: price history">
          <table className="data-table">
            <caption className="visually-hidden">Price changes, newest first (times in UTC)</caption>
            <thead>
              <tr>
                <th scope="col">When (UTC)</th>
                <th scope="col" className="data-table__number">
                  From
                </th>
                <th scope="col" className="data-table__number">
                  To
                </th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={`${entry.changeId}-${entry.undo ? "undo" : "apply"}`}>
                  <th scope="row">{when.format(entry.at)}</th>
                  <td className="data-table__number">{formatMoney(entry.from, entry.currency, locale)}</td>
                  <td className="data-table__number">{formatMoney(entry.to, entry.currency, locale)}</td>
                  <td>
                    <Link to={href("/sh/lst/prices/:changeId", { changeId: entry.changeId })}>
                      {entry.undo ? `Undo of: ${entry.by}` : entry.by}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
