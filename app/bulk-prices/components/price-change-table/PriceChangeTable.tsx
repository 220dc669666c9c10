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
  return (
    <TableScroll label="Table: the listings of this change">
      <table className="data-table price-change-table">
        <caption>Listings of this change</caption>
        <thead>
          <tr>
            <th scope="col">Listing</th>
            <th scope="col" className="data-table__number">
              Old price
            </th>
            <th scope="col" className="data-table__number">
              New price
            </th>
            <th scope="col" className="data-table__number">
              Difference
            </th>
            <th scope="col">New price against the market median</th>
            <th scope="col">{state === "previewed" ? "Note" : "What happened"}</th>
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
                {row.newPrice === null ? "—" : againstMedian(row.newPrice, row.marketMedian, row.currency, locale)}
              </td>
              <td>{note(row, state, locale)}</td>
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
export function againstMedian(price: number, median: number | null, currency: string, locale: string): string {
  if (median === null) return "No market figures";
  const medianText = formatMoney(median, currency, locale);
  const percent = Math.round(((price - median) / median) * 100);
  if (percent === 0) return `At the median, ${medianText}`;
  return `${Math.abs(percent)}% ${percent > 0 ? "above" : "below"} the median, ${medianText}`;
}

function note(row: PriceChangeRow, state: PriceChangeTableProps["state"], locale: string): string {
  if (row.problem) return `Not changed: ${priceProblemText(row.problem, row.currency, locale)}`;
  if (state === "previewed") return "Will change";
  if (row.outcome === "conflict") return "Not changed: its price changed after the preview.";
  if (row.undoOutcome === "restored") return "Changed, then restored by the undo";
  if (row.undoOutcome === "changed_since") return "Changed; kept by the undo, as its price changed again since";
  return "Changed";
}
