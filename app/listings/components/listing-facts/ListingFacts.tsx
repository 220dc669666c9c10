import { LISTING_CONDITIONS, LISTING_STATUSES, isListingCondition, isListingStatus } from "~/listings/listing-fields";
import type { ListingRow } from "~/listings/listings.server";
import { formatMoney } from "~/money/format-money";
import { DescriptionList } from "../../../components/description-list/DescriptionList";

export interface ListingFactsProps {
  /** The listing, with its product id. */
  listing: ListingRow & { epid: string };
  /** The seller's locale, for money and numbers. */
  locale: string;
}

/** A listing's facts as a description list: price, condition, status, quantity, units sold, product. */
export function ListingFacts({ listing, locale }: ListingFactsProps) {
  const facts: Array<[string, string]> = [
    ["Price", formatMoney(listing.price, listing.currency, locale)],
    ["Condition", isListingCondition(listing.condition) ? LISTING_CONDITIONS[listing.condition] : listing.condition],
    ["Status", isListingStatus(listing.status) ? LISTING_STATUSES[listing.status] : listing.status],
    ["Quantity", listing.quantity.toLocaleString(locale)],
    ["Sold", listing.sold.toLocaleString(locale)],
    ["Product ID (ePID)", listing.epid],
  ];
  return <DescriptionList className="listing-facts" itemClassName="listing-facts__fact" items={facts} />;
}
