import { boundedMemo } from "~/memo/bounded-memo";
import { messagesLinkData } from "./messages-link";
import { navigationDataSchema, type NavigationData, type NavItem } from "./navigation-model";
import { LEFT_NAVIGATION, TOP_NAVIGATION, type NavDefinition } from "./navigation-definition";

export interface SideLinks extends Pick<NavigationData, "feedbackLinkData" | "optOutLinkData" | "optInLinkData"> {
  /** How many messages apply to the seller now; no link when none do. */
  messageCount: number;
}

const sideLinksSchema = navigationDataSchema.pick({
  feedbackLinkData: true,
  optOutLinkData: true,
  optInLinkData: true,
});

/** The navigation data of docs/product/models.md for the page at `url`, validated before it is rendered. */
export function buildNavigation(url: URL, { messageCount, ...sideLinks }: SideLinks): NavigationData {
  const activeUrl = mostSpecificMatch(url)?.url;
  const sections = TOP_NAVIGATION.filter(
    (item) => item.section !== undefined && url.pathname.startsWith(item.section),
  ).map((item) => item.url);
  return {
    ...markedNavigation(`${activeUrl ?? ""} ${sections.join(" ")}`),
    messagesLinkData: messagesLinkData(messageCount),
    ...sideLinksSchema.parse(sideLinks),
  };
}

/**
 * The marked navigation for one active item and the sections the page is in: there are few of
 * them, and every page load needs one, so each is built and validated once.
 */
const markedNavigation = boundedMemo(100, (key: string): Pick<NavigationData, "navItems" | "navGroups"> => {
  const [activeUrl, ...sections] = key.split(" ");
  const mark = (definition: NavDefinition): NavItem => ({
    label: definition.label,
    url: definition.url,
    active:
      definition.url === activeUrl ||
      (definition.navItems ?? []).some((item) => item.url === activeUrl) ||
      sections.includes(definition.url),
    ...(definition.navItems && {
      navItems: definition.navItems.map((item) => ({
        label: item.label,
        url: item.url,
        active: item.url === activeUrl,
      })),
    }),
  });
  // In the left navigation only the one item for this page is active, never its parent too.
  const markExact = (definition: NavDefinition): NavItem => ({
    ...mark(definition),
    active: definition.url === activeUrl,
  });
  return navigationDataSchema.pick({ navItems: true, navGroups: true }).parse({
    navItems: TOP_NAVIGATION.map(mark),
    navGroups: LEFT_NAVIGATION.map((group) => ({ heading: group.heading, navItems: group.navItems.map(markExact) })),
  });
});

/** Every item's URL, parsed once. */
const ITEM_URLS = [...flatten(TOP_NAVIGATION), ...LEFT_NAVIGATION.flatMap((group) => flatten(group.navItems))].map(
  (item) => {
    const parsed = new URL(item.url, "http://hub");
    return {
      url: item.url,
      pathname: parsed.pathname,
      parameters: [...parsed.searchParams],
      hasFragment: parsed.hash !== "",
    };
  },
);

function flatten(items: NavDefinition[]): NavDefinition[] {
  return items.flatMap((item) => [item, ...flatten(item.navItems ?? [])]);
}

/**
 * The item that describes this page best: the same path and every query parameter it names;
 * among those, the one naming the most parameters.
 */
function mostSpecificMatch(url: URL) {
  let best: (typeof ITEM_URLS)[number] | undefined;
  for (const item of ITEM_URLS) {
    if (item.pathname !== url.pathname || item.hasFragment) continue;
    if (!item.parameters.every(([key, value]) => url.searchParams.get(key) === value)) continue;
    if (!best || item.parameters.length > best.parameters.length) best = item;
  }
  return best;
}
