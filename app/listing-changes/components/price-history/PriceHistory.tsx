import { useText } from "~/i18n/text";
import { href, Link } from "react-router";
import { TableScroll } from "~/components/table-scroll/TableScroll";
import { formatMoney } from "~/money/format-money";
import { useSellerTimeZone } from "~/time/seller-time-zone";
import { formatTime } from "~/time/time-zones";
import type { ListingHistoryEntry } from "../../price-changes.server";

export interface PriceHistoryProps {
  entries: ListingHistoryEntry[];
  locale: string;
}

/** A listing's changes of price and quantity, newest first: when, which, from, to, by which change, and who made it. */
export function PriceHistory({ entries, locale }: PriceHistoryProps) {
  const timeZone = useSellerTimeZone();
  const text = useText();
  const value = (entry: ListingHistoryEntry, amount: number) =>
    entry.field === "price" ? formatMoney(amount, entry.currency, locale) : amount.toLocaleString(locale);
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
                <th scope="col">{text("bulk.history.field")}</th>
                <th scope="col" className="data-table__number">
                  {text("bulk.history.from")}
                </th>
                <th scope="col" className="data-table__number">
                  {text("bulk.history.to")}
                </th>
                <th scope="col">{text("bulk.history.by")}</th>
                <th scope="col">{text("bulk.history.who")}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={`${entry.changeId}-${entry.field}-${entry.undo ? "undo" : "apply"}`}>
                  <th scope="row">{formatTime(entry.at, locale, timeZone)}</th>
                  <td>{text("listingChange.field", { field: entry.field })}</td>
                  <td className="data-table__number">{value(entry, entry.from)}</td>
                  <td className="data-table__number">{value(entry, entry.to)}</td>
                  <td>
                    <Link to={href("/sh/lst/prices/:changeId", { changeId: entry.changeId })}>
                      {entry.undo ? text("bulk.history.undoOf", { by: entry.by }) : entry.by}
                    </Link>
                  </td>
                  <td dir="auto">{entry.who}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
