import { href, Link } from "react-router";
import { TableScroll } from "~/components/table-scroll/TableScroll";
import { isolate } from "~/i18n/bidi";
import { Isolated } from "~/i18n/components/isolated/Isolated";
import { useText } from "~/i18n/text";
import { useSellerTimeZone } from "~/time/seller-time-zone";
import { formatTime } from "~/time/time-zones";
import { describePriceChange } from "../../price-change";
import type { ListedPriceChange } from "../../price-changes.server";

export interface PriceChangesTableProps {
  changes: ListedPriceChange[];
  locale: string;
}

/**
 * The seller's price changes, newest first: when (applied, else previewed), what (a link to the
 * change's page), how many listings, its state, and who applied it (and undid it).
 */
export function PriceChangesTable({ changes, locale }: PriceChangesTableProps) {
  const text = useText();
  const timeZone = useSellerTimeZone();
  return (
    <TableScroll label={text("changes.region")}>
      <table className="data-table">
        <caption>{text("changes.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{text("changes.column.when")}</th>
            <th scope="col">{text("changes.column.change")}</th>
            <th scope="col" className="data-table__number">
              {text("changes.column.listings")}
            </th>
            <th scope="col">{text("changes.column.state")}</th>
            <th scope="col">{text("changes.column.who")}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((listed) => (
            <tr key={listed.id}>
              <td>{formatTime(listed.appliedAt ?? listed.createdAt, locale, timeZone)}</td>
              <th scope="row">
                <Link prefetch="intent" to={href("/sh/lst/prices/:changeId", { changeId: listed.id })}>
                  {describePriceChange(listed.change, locale, text)}
                </Link>
              </th>
              <td className="data-table__number">{listed.listings.toLocaleString(locale)}</td>
              <td>
                {text("changes.state", {
                  state: listed.state,
                  undoneAt: listed.undoneAt === null ? "" : formatTime(listed.undoneAt, locale, timeZone),
                })}
              </td>
              <td>
                <Who appliedBy={listed.appliedBy} undoneBy={listed.undoneBy} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * Who applied the change and who undid it, each name isolated in its own direction (a name in
 * Arabic beside "undone by" would otherwise pull the comma and the words around it). A preview
 * was applied by no one: the cell is empty.
 */
function Who({ appliedBy, undoneBy }: Pick<ListedPriceChange, "appliedBy" | "undoneBy">) {
  const text = useText();
  if (appliedBy === null) return null;
  if (undoneBy === null) return <bdi>{appliedBy}</bdi>;
  return <Isolated text={text("changes.who.undone", { appliedBy: isolate(appliedBy), undoneBy: isolate(undoneBy) })} />;
}
