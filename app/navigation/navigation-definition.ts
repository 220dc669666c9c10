import type { MessageKey } from "~/i18n/language-text";

/**
 * The hub's navigation, defined once. The server marks the active items and adds the
 * side links for the signed-in seller (navigation.server.ts).
 */
export interface NavDefinition {
  /** Its label in the catalogues: the navigation is drawn in the seller's language. */
  label: MessageKey;
  url: string;
  navItems?: NavDefinition[];
  /** Every page under this path belongs to the item's section (a listing's own page, say). */
  section?: string;
}

const LISTING_VIEWS: NavDefinition[] = [
  { label: "nav.outOfStock", url: "/sh/lst/active?status=out_of_stock" },
  { label: "nav.scheduled", url: "/sh/lst/active?status=scheduled" },
  { label: "nav.ended", url: "/sh/lst/active?status=ended" },
];

export const TOP_NAVIGATION: NavDefinition[] = [
  { label: "nav.overview", url: "/sh/ovw" },
  {
    label: "nav.listings",
    url: "/sh/lst/active",
    section: "/sh/lst/",
    navItems: [
      { label: "nav.allListings", url: "/sh/lst/active" },
      { label: "nav.active", url: "/sh/lst/active?status=active" },
      ...LISTING_VIEWS,
    ],
  },
  {
    label: "nav.performance",
    url: "/sh/perf",
    navItems: [
      { label: "nav.siteSpeed", url: "/sh/perf" },
      { label: "nav.salesSummary", url: "/sh/ovw#sales" },
    ],
  },
];

export const LEFT_NAVIGATION: Array<{ heading: MessageKey; navItems: NavDefinition[] }> = [
  { heading: "nav.overview", navItems: [{ label: "nav.summary", url: "/sh/ovw" }] },
  { heading: "nav.listings", navItems: [{ label: "nav.allListings", url: "/sh/lst/active", navItems: LISTING_VIEWS }] },
  { heading: "nav.performance", navItems: [{ label: "nav.siteSpeed", url: "/sh/perf" }] },
];
