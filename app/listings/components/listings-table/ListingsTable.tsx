import { useEffect, useRef, type Ref } from "react";
import { href, Link } from "react-router";
import type { ListingSort } from "~/listings/listing-filter-options";
import { useText, type MessageKey } from "~/i18n/text";
import { conditionLabel, statusLabel } from "~/listings/listing-fields";
import type { ListingRow } from "~/listings/listings.server";
import { formatMoney } from "~/money/format-money";
import { TableScroll } from "../../../components/table-scroll/TableScroll";
import { RefilterLink } from "../refilter-link/RefilterLink";

export interface ListingsTableProps {
  /** The page of listings to show. */
  listings: ListingRow[];
  /** How they are sorted; the sorted column says so (aria-sort). */
  sort: ListingSort;
  /** The page's language's locale, for prices and numbers. */
  locale: string;
  /** True while new results load. */
  busy?: boolean;
  /** The table takes focus (tabIndex -1) when a new page of results shows. */
  ref?: Ref<HTMLTableElement>;
  /** A checkbox per row (named `listing`, its value the listing's id), for a bulk change. */
  selection?: TableSelection;
}

export interface TableSelection {
  isSelected(listingId: number): boolean;
  onChange(listingId: number, selected: boolean): void;
  /** The page's checkbox: checked, unchecked or mixed. Without it (no JavaScript) the column is headed in words. */
  page?: { state: "all" | "none" | "mixed"; onChange(selected: boolean): void };
}

/** Columns a seller can sort by clicking their heading: ascending first, then the other way. */
const SORTABLE = {
  title: {
    ascending: ["title_asc", "listings.table.sortTitleAsc"],
    descending: ["title_desc", "listings.table.sortTitleDesc"],
  },
  price: {
    ascending: ["price_asc", "listings.table.sortPriceAsc"],
    descending: ["price_desc", "listings.table.sortPriceDesc"],
  },
} as const satisfies Record<string, Record<"ascending" | "descending", readonly [ListingSort, MessageKey]>>;

/** The seller's listings: title, price, condition, status, quantity and units sold. */
export function ListingsTable({ listings, sort, locale, busy = false, ref, selection }: ListingsTableProps) {
  const number = (value: number) => value.toLocaleString(locale);
  const text = useText();
  return (
    // On a narrow screen the table scrolls sideways in a region of its own, its titles kept in view.
    <TableScroll label={text("listings.table.region")}>
      <table
        ref={ref}
        tabIndex={-1}
        className={`data-table listings-table${selection ? " listings-table--selectable" : ""}`}
        aria-busy={busy || undefined}
      >
        <caption className="listings-table__caption">{text("listings.table.caption", { sort })}</caption>
        <thead>
          <tr>
            {selection && (
              // A header, so that each row's checkbox has one (axe's td-has-header; Lighthouse found it).
              <th scope="col" className="listings-table__select">
                {selection.page ? (
                  <PageCheckbox {...selection.page} />
                ) : (
                  <span className="visually-hidden">{text("listings.table.select")}</span>
                )}
              </th>
            )}
            <SortableHeading column="title" sort={sort}>
              {text("listings.table.title")}
            </SortableHeading>
            <SortableHeading column="price" sort={sort} numeric>
              {text("listings.table.price")}
            </SortableHeading>
            <th scope="col">{text("listings.filters.condition")}</th>
            <th scope="col">{text("listings.filters.status")}</th>
            <th scope="col" className="data-table__number">
              {text("listings.table.quantity")}
            </th>
            <th scope="col" className="data-table__number">
              {text("listings.table.sold")}
            </th>
          </tr>
        </thead>
        <tbody>
          {listings.map((listing) => (
            <tr key={listing.id}>
              {selection && (
                <td className="listings-table__select">
                  <input
                    type="checkbox"
                    name="listing"
                    value={listing.id}
                    checked={selection.isSelected(listing.id)}
                    onChange={(event) => selection.onChange(listing.id, event.currentTarget.checked)}
                    aria-label={text("listings.table.selectListing", { title: listing.title })}
                  />
                </td>
              )}
              <th scope="row" className="listings-table__title">
                {/* In its own direction: "Lamp (brass)." on a right-to-left page kept its "." and ")" at its start. */}
                <Link prefetch="intent" to={href("/sh/lst/:listingId", { listingId: String(listing.id) })} dir="auto">
                  {listing.title}
                </Link>
              </th>
              <td className="data-table__number">{formatMoney(listing.price, listing.currency, locale)}</td>
              <td>{conditionLabel(listing.condition, text)}</td>
              <td>{statusLabel(listing.status, text)}</td>
              <td className="data-table__number">{number(listing.quantity)}</td>
              <td className="data-table__number">{number(listing.sold)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function SortableHeading({
  column,
  sort,
  numeric = false,
  children,
}: {
  column: keyof typeof SORTABLE;
  sort: ListingSort;
  numeric?: boolean;
  children: string;
}) {
  const { ascending, descending } = SORTABLE[column];
  const text = useText();
  const direction = sort === ascending[0] ? "ascending" : sort === descending[0] ? "descending" : undefined;
  const [next, hint] = direction === "ascending" ? descending : ascending;
  return (
    <th scope="col" aria-sort={direction} className={numeric ? "data-table__number" : undefined}>
      <RefilterLink changes={["sort", next]} className="sort-link">
        {children}
        <span className="sort-link__indicator" aria-hidden="true">
          {direction === "ascending" ? "▲" : direction === "descending" ? "▼" : "↕"}
        </span>
        <span className="visually-hidden">{text(hint)}</span>
      </RefilterLink>
    </th>
  );
}

/**
 * Selects or unselects every listing of the page; mixed when some are selected. `indeterminate`
 * is a property only, with no attribute to render, so it is set after each render.
 */
function PageCheckbox({ state, onChange }: NonNullable<TableSelection["page"]>) {
  const box = useRef<HTMLInputElement>(null);
  const text = useText();
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === "mixed";
  }, [state]);
  return (
    <input
      ref={box}
      type="checkbox"
      checked={state === "all"}
      onChange={() => onChange(state !== "all")}
      aria-label={text("listings.table.selectPage")}
    />
  );
}
