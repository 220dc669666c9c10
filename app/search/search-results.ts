/*
 * What the results page and the header's popup both say about a search's results. No server
 * code: the popup's chunk imports it.
 */
import type { MessageKey, Text } from "~/i18n/language-text";
import { conditionLabel, statusLabel } from "~/listings/listing-fields";
import { formatMoney } from "~/money/format-money";
import type { HubPage } from "./hub-pages";
import type { HubSearchResults, ListingHit } from "./search.server";

export type { HubPage, HubSearchResults, ListingHit };

/** What the search route answers, to its page and to the header's popup. */
export interface SearchAnswer {
  results: HubSearchResults;
  /** Why the text searched is not quite the text typed, if it is not: in the seller's words. */
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
export function listingFacts(listing: ListingHit, locale: string, text: Text): string {
  return [
    formatMoney(listing.price, listing.currency, locale),
    statusLabel(listing.status, text),
    conditionLabel(listing.condition, text),
    text("search.facts.listing", { id: String(listing.id) }),
    text("search.facts.epid", { epid: listing.epid }),
  ].join(" · ");
}

/** "Listings › Out of stock": a page's label with the section it sits under. */
export function pagePath(page: HubPage): string {
  return page.section ? `${page.section} › ${page.label}` : page.label;
}

/** The kinds of results, in the order the popup and the page show them, with their headings. */
export const RESULT_GROUPS = {
  listings: "search.group.listings",
  pages: "search.group.pages",
  messages: "search.group.messages",
} as const satisfies Record<string, MessageKey>;
