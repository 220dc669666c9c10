import type { MessageKey } from "~/i18n/language-text";
import { DEFAULT_PAGE_NAME } from "~/shell/page-name";

/**
 * Each measured page's name for a seller: the page's own heading where it has one (its route
 * handle's title), so the dashboard reads "Listings", not "sellerHubActiveListings". The code
 * stays beside it, since two pages may share a heading ("Change prices" chooses and shows a
 * change). `page-labels.test.ts` keeps this in step with the route handles.
 */
export const PAGE_LABELS: Readonly<Record<string, MessageKey>> = {
  [DEFAULT_PAGE_NAME]: "hub.name",
  sellerHubSignIn: "signIn.heading",
  sellerHubOverview: "nav.overview",
  sellerHubActiveListings: "nav.listings",
  sellerHubListingDetail: "page.listing",
  sellerHubProductInsights: "insights.heading",
  sellerHubProductSummary: "listingDetail.summary",
  sellerHubBulkPriceChoose: "page.changePrices",
  sellerHubBulkPriceChange: "page.changePrices",
  sellerHubChanges: "page.changes",
  sellerHubPriceImport: "page.importPrices",
  sellerHubSearch: "page.search",
  sellerHubSiteSpeed: "nav.siteSpeed",
  sellerHubSwitchTools: "nav.switchTools",
  sellerHubTeam: "page.team",
  sellerHubActivity: "page.activity",
  sellerHubSessions: "page.sessions",
  sellerHubInvitation: "invitation.pageTitle",
  sellerHubNotFound: "errorPage.title.notFound",
  sellerHubNotAllowed: "errorPage.title.forbidden",
};

/** The page's label in the seller's language; a name the hub does not know (a beacon may carry any) is its own label. */
export function pageLabel(pageName: string, text: (key: MessageKey) => string): string {
  const key = Object.hasOwn(PAGE_LABELS, pageName) ? PAGE_LABELS[pageName] : undefined;
  return key ? text(key) : pageName;
}
