import { useText, type Text } from "~/i18n/text";
import { href, Link } from "react-router";
import { TableScroll } from "~/components/table-scroll/TableScroll";
import { formatMoney } from "~/money/format-money";
import type { PriceChangeRow } from "../../price-change-routes.server";
import { itemProblemText } from "../../quantity-change";
import type { ChangedField } from "~/db/schema";

export interface PriceChangeTableProps {
  rows: PriceChangeRow[];
  locale: string;
  /** "previewed": what would happen; later, what did. */
  state: "previewed" | "applied" | "undone";
  /** The fields the whole change writes: with quantities, each row names its field, and the columns say before and after. */
  fields: ChangedField[];
}

/**
 * A change's rows: for each listing and field, the old value, the new one and the difference, a
 * new price against its condition's market median, and what happened or why nothing can. Those
 * the change cannot apply to come first.
 */
export function PriceChangeTable({ rows, locale, state, fields }: PriceChangeTableProps) {
  const text = useText();
  const pricesOnly = !fields.includes("quantity");
  const value = (row: PriceChangeRow, amount: number) =>
    row.field === "price" ? formatMoney(amount, row.currency, locale) : amount.toLocaleString(locale);
  return (
    <TableScroll label={text("bulk.table.region")}>
      <table className="data-table price-change-table">
        <caption>{text("bulk.table.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{text("bulk.table.listing")}</th>
            {!pricesOnly && <th scope="col">{text("bulk.table.field")}</th>}
            <th scope="col" className="data-table__number">
              {text(pricesOnly ? "bulk.table.oldPrice" : "bulk.table.before")}
            </th>
            <th scope="col" className="data-table__number">
              {text(pricesOnly ? "bulk.table.newPrice" : "bulk.table.after")}
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
            <tr key={`${row.listingId}-${row.field}`}>
              <th scope="row" className="price-change-table__title">
                <Link to={href("/sh/lst/:listingId", { listingId: String(row.listingId) })}>{row.title}</Link>
              </th>
              {!pricesOnly && <td>{text("listingChange.field", { field: row.field })}</td>}
              <td className="data-table__number">{value(row, row.oldValue)}</td>
              <td className="data-table__number">{row.newValue === null ? "—" : value(row, row.newValue)}</td>
              <td className="data-table__number">
                {row.newValue === null ? "—" : signed(row, row.newValue - row.oldValue, locale)}
              </td>
              <td>
                {row.newValue === null || row.field !== "price"
                  ? "—"
                  : againstMedian(row.newValue, row.marketMedian, row.currency, locale, text)}
              </td>
              <td>{note(row, state, locale, text)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A difference with its sign: "+$1.50", "−3" (U+2212, the minus sign, not a hyphen). */
function signed(row: PriceChangeRow, difference: number, locale: string): string {
  const amount =
    row.field === "price"
      ? formatMoney(Math.abs(difference), row.currency, locale)
      : Math.abs(difference).toLocaleString(locale);
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
    return text("bulk.note.problem", {
      problem: itemProblemText(row.field, row.problem, row.currency, locale, text),
    });
  if (state === "previewed") return text("bulk.note.willChange");
  if (row.outcome === "conflict") return text("bulk.note.conflict", { field: row.field });
  if (row.undoOutcome === "restored") return text("bulk.note.restored");
  if (row.undoOutcome === "changed_since") return text("bulk.note.changedSince", { field: row.field });
  return text("bulk.note.changed");
}
