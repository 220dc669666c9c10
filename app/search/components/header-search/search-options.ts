import { POPUP_LISTINGS } from "../../results-page";
import { listingFacts, listingUrl, pagePath, resultsPageUrl, type SearchAnswer } from "../../search-results";

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
  label: string;
  options: SearchOption[];
}

/** A few of each kind: the popup is for the best matches, the results page for the rest. */
const SHOWN = { listings: POPUP_LISTINGS, pages: 4, messages: 3 } as const;

/** The popup's groups, best matches first within each: listings, pages, messages. */
export function searchOptionGroups({ results, locale }: SearchAnswer): SearchOptionGroup[] {
  const listings = [...results.listings.byNumber, ...results.listings.byTitle]
    .slice(0, SHOWN.listings)
    .map((listing) => ({
      key: `listing-${listing.id}`,
      label: listing.title,
      detail: listingFacts(listing, locale),
      url: listingUrl(listing),
    }));
  const pages = results.pages
    .slice(0, SHOWN.pages)
    .map((page) => ({ key: `page-${page.url}`, label: pagePath(page), url: page.url }));
  const messages = results.messages.slice(0, SHOWN.messages).map((message) => ({
    key: `message-${message.messageId}`,
    label: message.title,
    detail: "Message",
    url: message.url,
  }));
  return [
    { label: "Listings", options: listings },
    { label: "Pages", options: pages },
    { label: "Messages", options: messages },
  ].filter((group) => group.options.length > 0);
}

/** The last option of every popup: the results page, with every listing found and the rest. */
export function seeAllOption(text: string): SearchOption {
  return { key: "see-all", label: `See all listings matching “${text}”`, url: resultsPageUrl(text) };
}

/** What the polite live region says once results arrive: how many of each kind the popup offers. */
export function resultsAnnouncement(groups: SearchOptionGroup[]): string {
  const count = (label: string) => groups.find((group) => group.label === label)?.options.length ?? 0;
  const found = [
    [count("Listings"), "listing", "listings"],
    [count("Pages"), "page", "pages"],
    [count("Messages"), "message", "messages"],
  ] as const;
  const said = found.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return said.length === 0
    ? "No matches. Press Enter to search every listing."
    : `${said.join(", ")}. Arrow down to choose.`;
}
