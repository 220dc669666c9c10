import { useText, type Text } from "~/i18n/text";
import { href, Link } from "react-router";
import { TableScroll } from "~/components/table-scroll/TableScroll";
import { formatMoney } from "~/money/format-money";
import type { PriceChangeRow } from "../../price-change-routes.server";
import { priceProblemText } from "../../price-change";

export interface PriceChangeTableProps {
  rows: PriceChangeRow[];
  locale: string;
  /** "previewed": what would happen; later, what did. */
  state: "previewed" | "applied" | "undone";
}

/**
 * A change's listings: old price, new price and the difference, where the new price stands
 * against its condition's market median, and what happened or why nothing can. Those the change
 * cannot apply to come first.
 */
export function PriceChangeTable({ rows, locale, state }: PriceChangeTableProps) {
  const money = (minor: number, currency: string) => formatMoney(minor, currency, locale);
  const text = useText();
  return (
    <TableScroll label={text("bulk.table.region")}>
      <table className="data-table price-change-table">
        <caption>{text("bulk.table.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{text("bulk.table.listing")}</th>
            <th scope="col" className="data-table__number">
              {text("bulk.table.oldPrice")}
            </th>
            <th scope="col" className="data-table__number">
              {text("bulk.table.newPrice")}
            </th>
            <th scope="col" className="data-table__number">
              {text("bulk.table.difference")}
            </th>
            <th scope="col">{text("bulk.table.againstMedian")}</th>
            <th scope="col">{text(state === "previewed" ? "bulk.table.note" : "bulk.table.whatHappened")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.listingId}>
              <th scope="row" className="price-change-table__title">
                <Link to={href("/sh/lst/:listingId", { listingId: String(row.listingId) })}>{row.title}</Link>
              </th>
              <td className="data-table__number">{money(row.oldPrice, row.currency)}</td>
              <td className="data-table__number">{row.newPrice === null ? "—" : money(row.newPrice, row.currency)}</td>
              <td className="data-table__number">
                {row.newPrice === null ? "—" : signedMoney(row.newPrice - row.oldPrice, row.currency, locale)}
              </td>
              <td>
                {row.newPrice === null
                  ? "—"
                  : againstMedian(row.newPrice, row.marketMedian, row.currency, locale, text)}
              </td>
              <td>{note(row, state, locale, text)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function signedMoney(difference: number, currency: string, locale: string): string {
  const amount = formatMoney(Math.abs(difference), currency, locale);
  return difference > 0 ? `+${amount}` : `−${amount}`;
}

/** "12% below the median of 19.99": in words, so that no colour carries the meaning. */
export function againstMedian(
  price: number,
  median: number | null,
  currency: string,
  locale: string,
  text: Text,
): string {
  if (median === null) return text("bulk.median.none");
  const medianText = formatMoney(median, currency, locale);
  const percent = Math.round(((price - median) / median) * 100);
  if (percent === 0) return text("bulk.median.at", { median: medianText });
  return text("bulk.median.off", {
    side: percent > 0 ? "above" : "below",
    percent: Math.abs(percent),
    median: medianText,
  });
}

function note(row: PriceChangeRow, state: PriceChangeTableProps["state"], locale: string, text: Text): string {
  if (row.problem)
    return text("bulk.note.problem", { problem: priceProblemText(row.problem, row.currency, locale, text) });
  if (state === "previewed") return text("bulk.note.willChange");
  if (row.outcome === "conflict") return text("bulk.note.conflict");
  if (row.undoOutcome === "restored") return text("bulk.note.restored");
  if (row.undoOutcome === "changed_since") return text("bulk.note.changedSince");
  return text("bulk.note.changed");
}
