import { POPUP_LISTINGS } from "../../results-page";
import type { Text } from "~/i18n/language-text";
import {
  listingFacts,
  listingUrl,
  pagePath,
  RESULT_GROUPS,
  resultsPageUrl,
  type SearchAnswer,
} from "../../search-results";

/** One option of the popup: a place the seller can open. */
export interface SearchOption {
  /** Unique within the popup; also what keeps the active option while results change. */
  key: string;
  label: string;
  /** What tells it apart: a listing's price, status and condition. */
  detail?: string;
  url: string;
}

export interface SearchOptionGroup {
  kind: keyof typeof RESULT_GROUPS;
  label: string;
  options: SearchOption[];
}

/** A few of each kind: the popup is for the best matches, the results page for the rest. */
const SHOWN = { listings: POPUP_LISTINGS, pages: 4, messages: 3 } as const;

/** The popup's groups, best matches first within each: listings, pages, messages. */
export function searchOptionGroups({ results, locale }: SearchAnswer, text: Text): SearchOptionGroup[] {
  const listings = [...results.listings.byNumber, ...results.listings.byTitle]
    .slice(0, SHOWN.listings)
    .map((listing) => ({
      key: `listing-${listing.id}`,
      label: listing.title,
      detail: listingFacts(listing, locale, text),
      url: listingUrl(listing),
    }));
  const pages = results.pages
    .slice(0, SHOWN.pages)
    .map((page) => ({ key: `page-${page.url}`, label: pagePath(page), url: page.url }));
  const messages = results.messages.slice(0, SHOWN.messages).map((message) => ({
    key: `message-${message.messageId}`,
    label: message.title,
    detail: text("search.option.message"),
    url: message.url,
  }));
  const options = { listings, pages, messages };
  return (Object.keys(RESULT_GROUPS) as Array<keyof typeof RESULT_GROUPS>)
    .map((kind) => ({ kind, label: text(RESULT_GROUPS[kind]), options: options[kind] }))
    .filter((group) => group.options.length > 0);
}

/** The last option of every popup: the results page, with every listing found and the rest. */
export function seeAllOption(searched: string, text: Text): SearchOption {
  return { key: "see-all", label: text("search.seeAll", { text: searched }), url: resultsPageUrl(searched) };
}

/** What the polite live region says once results arrive: how many of each kind the popup offers. */
export function resultsAnnouncement(groups: SearchOptionGroup[], text: Text, language: string): string {
  const counted = {
    listings: "search.announce.listings",
    pages: "search.announce.pages",
    messages: "search.announce.messages",
  } as const;
  const said = groups.map((group) => text(counted[group.kind], { count: group.options.length }));
  if (said.length === 0) return text("search.announce.none");
  // "2 listings, 1 page": a list of units, joined as the language joins them.
  return text("search.announce.found", { found: new Intl.ListFormat(language, { type: "unit" }).format(said) });
}
