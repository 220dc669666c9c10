import { useText } from "~/i18n/text";
import { conditionLabel, statusLabel } from "~/listings/listing-fields";
import type { ListingRow } from "~/listings/listings.server";
import { formatMoney } from "~/money/format-money";
import { DescriptionList } from "../../../components/description-list/DescriptionList";

export interface ListingFactsProps {
  /** The listing, with its product id. */
  listing: ListingRow & { epid: string };
  /** The page's language's locale, for money and numbers. */
  locale: string;
}

/**
 * A listing's facts as a description list: price, quantity, units sold, condition, status, and
 * what names it (its number, its product). Each once on the page: the product summary's frame
 * below shows the summary the spec defines, but it may be filtered to other listings.
 */
export function ListingFacts({ listing, locale }: ListingFactsProps) {
  const text = useText();
  const facts: Array<[string, string]> = [
    [text("listings.table.price"), formatMoney(listing.price, listing.currency, locale)],
    [text("listings.table.quantity"), listing.quantity.toLocaleString(locale)],
    [text("listings.table.sold"), listing.sold.toLocaleString(locale)],
    [text("listings.filters.condition"), conditionLabel(listing.condition, text)],
    [text("listings.filters.status"), statusLabel(listing.status, text)],
    // An identifier, not a quantity: no grouping.
    [text("listing.facts.number"), String(listing.id)],
    [text("listing.facts.epid"), listing.epid],
  ];
  return <DescriptionList className="listing-facts" itemClassName="listing-facts__fact" items={facts} />;
}
