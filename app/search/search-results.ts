/*
 * What the results page and the header's popup both say about a search's results. No server
 * code: the popup's chunk imports it.
 */
import { LISTING_CONDITIONS, LISTING_STATUSES, isListingCondition, isListingStatus } from "~/listings/listing-fields";
import { formatMoney } from "~/money/format-money";
import type { HubPage } from "./hub-pages";
import type { HubSearchResults, ListingHit } from "./search.server";

export type { HubPage, HubSearchResults, ListingHit };

/** What the search route answers, to its page and to the header's popup. */
export interface SearchAnswer {
  results: HubSearchResults;
  /** Why the text searched is not quite the text typed, if it is not. */
  notice: string | null;
  locale: string;
}

/** The results page of the text: the popup's "see all", the field's fallback without JavaScript. */
export function resultsPageUrl(text: string): string {
  return `/sh/search?${new URLSearchParams({ q: text })}`;
}

export function listingUrl(listing: Pick<ListingHit, "id">): string {
  return `/sh/lst/${listing.id}`;
}

/** "$129.99 · Active · Used · listing 1234 · ePID 2254397001": what tells two listings of one title apart. */
export function listingFacts(listing: ListingHit, locale: string): string {
  const status = isListingStatus(listing.status) ? LISTING_STATUSES[listing.status] : listing.status;
  const condition = isListingCondition(listing.condition) ? LISTING_CONDITIONS[listing.condition] : listing.condition;
  return [
    formatMoney(listing.price, listing.currency, locale),
    status,
    condition,
    `listing ${listing.id}`,
    `ePID ${listing.epid}`,
  ].join(" · ");
}

/** "Listings › Out of stock": a page's label with the section it sits under. */
export function pagePath(page: HubPage): string {
  return page.section ? `${page.section} › ${page.label}` : page.label;
}

/** "200+" when counting stopped there. */
export function titleCount({ total, isMore }: { total: number; isMore: boolean }, locale: string): string {
  return `${total.toLocaleString(locale)}${isMore ? "+" : ""}`;
}
