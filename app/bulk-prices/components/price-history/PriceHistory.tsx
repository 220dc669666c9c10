import { useText } from "~/i18n/text";
import { href, Link } from "react-router";
import { TableScroll } from "~/components/table-scroll/TableScroll";
import { formatMoney } from "~/money/format-money";
import { useSellerTimeZone } from "~/time/seller-time-zone";
import { formatTime } from "~/time/time-zones";
import type { PriceHistoryEntry } from "../../price-changes.server";

export interface PriceHistoryProps {
  entries: PriceHistoryEntry[];
  locale: string;
}

/** A listing's price changes, newest first: when, from, to, and by which change. */
export function PriceHistory({ entries, locale }: PriceHistoryProps) {
  const timeZone = useSellerTimeZone();
  const text = useText();
  return (
    <section className="price-history" aria-labelledby="price-history-title">
      <h3 id="price-history-title">{text("bulk.history.title")}</h3>
      {entries.length === 0 ? (
        <p>{text("bulk.history.none")}</p>
      ) : (
        <TableScroll label={text("bulk.history.region")}>
          <table className="data-table">
            <caption className="visually-hidden">{text("bulk.history.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{text("bulk.history.when")}</th>
                <th scope="col" className="data-table__number">
                  {text("bulk.history.from")}
                </th>
                <th scope="col" className="data-table__number">
                  {text("bulk.history.to")}
                </th>
                <th scope="col">{text("bulk.history.by")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={`${entry.changeId}-${entry.undo ? "undo" : "apply"}`}>
                  <th scope="row">{formatTime(entry.at, locale, timeZone)}</th>
                  <td className="data-table__number">{formatMoney(entry.from, entry.currency, locale)}</td>
                  <td className="data-table__number">{formatMoney(entry.to, entry.currency, locale)}</td>
                  <td>
                    <Link to={href("/sh/lst/prices/:changeId", { changeId: entry.changeId })}>
                      {entry.undo ? text("bulk.history.undoOf", { by: entry.by }) : entry.by}
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
