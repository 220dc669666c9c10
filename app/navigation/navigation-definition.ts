/**
 * The hub's navigation, defined once. The server marks the active items and adds the
 * side links for the signed-in seller (navigation.server.ts).
 */
export interface NavDefinition {
  label: string;
  url: string;
  navItems?: NavDefinition[];
  /** Every page under this path belongs to the item's section (a listing's own page, say). */
  section?: string;
}

const LISTING_VIEWS: NavDefinition[] = [
  { label: "Out of stock", url: "/sh/lst/active?status=out_of_stock" },
  { label: "Scheduled", url: "/sh/lst/active?status=scheduled" },
  { label: "Ended", url: "/sh/lst/active?status=ended" },
];

export const TOP_NAVIGATION: NavDefinition[] = [
  { label: "Overview", url: "/sh/ovw" },
  {
    label: "Listings",
    url: "/sh/lst/active",
    section: "/sh/lst/",
    navItems: [
      { label: "All listings", url: "/sh/lst/active" },
      { label: "Active", url: "/sh/lst/active?status=active" },
      ...LISTING_VIEWS,
    ],
  },
  {
    label: "Performance",
    url: "/sh/perf",
    navItems: [
      { label: "Site speed", url: "/sh/perf" },
      { label: "Sales summary", url: "/sh/ovw#sales" },
    ],
  },
];

export const LEFT_NAVIGATION: Array<{ heading: string; navItems: NavDefinition[] }> = [
  { heading: "Overview", navItems: [{ label: "Summary", url: "/sh/ovw" }] },
  { heading: "Listings", navItems: [{ label: "All listings", url: "/sh/lst/active", navItems: LISTING_VIEWS }] },
  { heading: "Performance", navItems: [{ label: "Site speed", url: "/sh/perf" }] },
];
