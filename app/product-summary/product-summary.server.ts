import type { Kysely } from "kysely";
import type { DatabaseSchema, Listing, Seller } from "~/db/schema";
import { splitTags } from "~/i18n/rich-text";
import type { Text } from "~/i18n/language-text";
import { bannerLabel, conditionLabel, isListingCondition, type ListingCondition } from "~/listings/listing-fields";
import { findLowestPricedListing, findSellerListing } from "~/listings/listings.server";
import { findMarketFigures, type MarketFigures } from "~/listings/market-figures.server";
import { formatMoney } from "~/money/format-money";
import type { TextDisplayModel } from "~/text-display/text-display-model";
import { productSummarySchema, type ListingSummary, type ProductSummary } from "./product-summary-model";
import type { SummaryFilters } from "./summary-filters";

/**
 * The product summary of one of the seller's listings (docs/product/models.md), or null when the listing is not
 * theirs. It summarises `itemId` when that is one of the seller's listings of the same product;
 * otherwise the seller's lowest-priced listing of the product that matches the filters. Its price
 * is compared with the market for the chosen condition (by default, the listing's own).
 */
export async function buildProductSummary(
  db: Kysely<DatabaseSchema>,
  seller: Seller,
  listingId: number,
  filters: SummaryFilters,
  text: Text,
  /** Writes its money: the page's language's (formattingLocaleOf), in the listing's currency. */
  locale: string,
): Promise<ProductSummary | null> {
  const listing = await findSellerListing(db, seller.id, listingId);
  if (!listing) return null;
  const item = filters.itemId === undefined ? undefined : await findSellerListing(db, seller.id, filters.itemId);
  const summarised =
    item?.epid === listing.epid
      ? item
      : await findLowestPricedListing(db, seller.id, listing.epid, listing.currency, filters);
  // The summarised listing's own currency, for its prices and its market: an item chosen may be
  // priced in another than the framing listing's (an audit of 2026-11-29).
  const currency = summarised?.currency ?? listing.currency;
  const market = await findMarketFigures(db, listing.epid, currency);
  const money = (minorUnits: number) => formatMoney(minorUnits, currency, locale);
  const condition =
    filters.condition ?? (summarised && isListingCondition(summarised.condition) ? summarised.condition : undefined);

  return productSummarySchema.parse({
    listingId,
    subject: subjectOf(summarised, listing, filters, text),
    heading: summarised?.title ?? text("summary.heading.none"),
    listingSummary: summarised ? listingSummaryOf(summarised, money, text) : null,
    marketComparison: marketComparison(market, condition, summarised?.price, money, text),
    insightsData: {
      listingId: summarised ? String(summarised.id) : "",
      epid: listing.epid,
      displayPrice: summarised ? money(summarised.price) : "",
      additionalPrice: summarised?.additional_price ? money(summarised.additional_price) : "",
      logisticsCost: summarised ? shippingText(summarised.logistics_cost, money, text) : "",
    },
  });
}

function listingSummaryOf(listing: Listing, money: (minorUnits: number) => string, text: Text): ListingSummary {
  const banner = bannerLabel(listing, text);
  return {
    listingId: { text: String(listing.id) },
    epid: { text: listing.epid },
    displayPrice: { text: money(listing.price), styles: ["BOLD"] },
    ...(listing.additional_price && {
      additionalPrice: { text: money(listing.additional_price), styles: ["STRIKETHROUGH"] },
    }),
    logisticsCost: { text: shippingText(listing.logistics_cost, money, text) },
    ...(banner && { bannerStatus: { text: banner, styles: ["HIGHLIGHT"] } }),
  };
}

function shippingText(logisticsCost: number, money: (minorUnits: number) => string, text: Text): string {
  return logisticsCost === 0 ? text("summary.free") : money(logisticsCost);
}

/** A condition as the summary's sentences take it: chosen ("new", named) or not ("none"). */
function conditionValues(condition: ListingCondition | undefined, text: Text) {
  return { condition: condition ?? "none", conditionName: condition ? conditionLabel(condition, text) : "" };
}

function subjectOf(
  summarised: Listing | undefined,
  listing: Listing,
  { condition, status }: SummaryFilters,
  text: Text,
): string {
  const values = { status: status ?? "any", ...conditionValues(condition, text) };
  if (!summarised) return text("summary.subject.none", values);
  if (summarised.id === listing.id) return text("summary.subject.this");
  return text("summary.subject.lowest", values);
}

function marketComparison(
  market: MarketFigures,
  condition: ListingCondition | undefined,
  price: number | undefined,
  money: (minorUnits: number) => string,
  text: Text,
): TextDisplayModel {
  const figures = condition ? market.byCondition.find((entry) => entry.condition === condition) : market.overall;
  const named = conditionValues(condition, text);
  if (!figures) return { text: text("summary.market.none", named) };
  const facts = {
    text: text("summary.market.facts", { count: figures.listings, median: money(figures.median), ...named }),
  };
  if (price === undefined) return { textSpans: [facts] };
  const yours = text("summary.market.yours", { position: positionAgainst(price, figures.median, text) });
  return {
    textSpans: [
      facts,
      ...splitTags(yours, ["b"]).map(({ text: words, tag }) =>
        tag ? { text: words, styles: ["BOLD" as const] } : { text: words },
      ),
    ],
  };
}

/** "12% above the median", "5% below the median", "at the median". */
function positionAgainst(price: number, median: number, text: Text): string {
  if (price === median) return text("summary.position.at");
  const percent = Math.round((Math.abs(price - median) / median) * 100);
  const side = price > median ? "above" : "below";
  return percent === 0 ? text("summary.position.just", { side }) : text("summary.position.percent", { side, percent });
}
