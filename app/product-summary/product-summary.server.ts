import type { Kysely } from "kysely";
import type { DatabaseSchema, Listing, Seller } from "~/db/schema";
import { LISTING_CONDITIONS, LISTING_STATUSES, isListingCondition } from "~/listings/listing-fields";
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
): Promise<ProductSummary | null> {
  const listing = await findSellerListing(db, seller.id, listingId);
  if (!listing) return null;
  const item = filters.itemId === undefined ? undefined : await findSellerListing(db, seller.id, filters.itemId);
  const summarised =
    item?.epid === listing.epid ? item : await findLowestPricedListing(db, seller.id, listing.epid, filters);
  const market = await findMarketFigures(db, listing.epid, listing.currency);
  const money = (minorUnits: number) => formatMoney(minorUnits, listing.currency, seller.locale);
  const condition =
    filters.condition ?? (summarised && isListingCondition(summarised.condition) ? summarised.condition : undefined);

  return productSummarySchema.parse({
    listingId,
    subject: subjectOf(summarised, listing, filters),
    heading: summarised?.title ?? "No listing to summarise",
    listingSummary: summarised ? listingSummaryOf(summarised, money) : null,
    marketComparison: marketComparison(market, condition, summarised?.price, money),
    insightsData: {
      listingId: summarised ? String(summarised.id) : "",
      epid: listing.epid,
      displayPrice: summarised ? money(summarised.price) : "",
      additionalPrice: summarised?.additional_price ? money(summarised.additional_price) : "",
      logisticsCost: summarised ? shippingText(summarised.logistics_cost, money) : "",
    },
  });
}

function listingSummaryOf(listing: Listing, money: (minorUnits: number) => string): ListingSummary {
  return {
    listingId: { text: String(listing.id) },
    epid: { text: listing.epid },
    displayPrice: { text: money(listing.price), styles: ["BOLD"] },
    ...(listing.additional_price && {
      additionalPrice: { text: money(listing.additional_price), styles: ["STRIKETHROUGH"] },
    }),
    logisticsCost: { text: shippingText(listing.logistics_cost, money) },
    ...(listing.banner_status && { bannerStatus: { text: listing.banner_status, styles: ["HIGHLIGHT"] } }),
  };
}

function shippingText(logisticsCost: number, money: (minorUnits: number) => string): string {
  return logisticsCost === 0 ? "Free" : money(logisticsCost);
}

function subjectOf(summarised: Listing | undefined, listing: Listing, { condition, status }: SummaryFilters): string {
  const statusWord = status ? `${LISTING_STATUSES[status].toLowerCase()} ` : "";
  const inCondition = condition ? ` in ${LISTING_CONDITIONS[condition]} condition` : "";
  if (!summarised) return `You have no ${statusWord}listing of this product${inCondition}.`;
  if (summarised.id === listing.id) return "This listing";
  return `Your lowest-priced ${statusWord}listing of this product${inCondition}`;
}

function marketComparison(
  market: MarketFigures,
  condition: keyof typeof LISTING_CONDITIONS | undefined,
  price: number | undefined,
  money: (minorUnits: number) => string,
): TextDisplayModel {
  const figures = condition ? market.byCondition.find((entry) => entry.condition === condition) : market.overall;
  const segment = condition ? `${LISTING_CONDITIONS[condition]} ` : "";
  if (!figures) return { text: `No active ${segment}listings of this product to compare with.` };
  const listings = figures.listings === 1 ? "1 active" : `${figures.listings} active`;
  const facts = {
    text: `${listings} ${segment}listing${figures.listings === 1 ? "" : "s"} of this product, median ${money(figures.median)}.`,
  };
  if (price === undefined) return { textSpans: [facts] };
  return {
    textSpans: [
      facts,
      { text: " Yours is " },
      { text: positionAgainst(price, figures.median), styles: ["BOLD"] },
      { text: "." },
    ],
  };
}

/** "12% above the median", "5% below the median", "at the median". */
function positionAgainst(price: number, median: number): string {
  if (price === median) return "at the median";
  const percent = Math.round((Math.abs(price - median) / median) * 100);
  const side = price > median ? "above" : "below";
  return percent === 0 ? `just ${side} the median` : `${percent}% ${side} the median`;
}
