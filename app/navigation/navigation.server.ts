import { messagesLinkData } from "./messages-link";
import { navigationDataSchema, type NavigationData, type NavItem } from "./navigation-model";
import { LEFT_NAVIGATION, TOP_NAVIGATION, type NavDefinition } from "./navigation-definition";

export interface SideLinks extends Pick<NavigationData, "feedbackLinkData" | "optOutLinkData" | "optInLinkData"> {
  /** How many messages apply to the seller now; no link when none do. */
  messageCount: number;
}

/** The navigation data of spec §3 for the page at `url`, validated before it is rendered. */
export function buildNavigation(url: URL, { messageCount, ...sideLinks }: SideLinks): NavigationData {
  const activeUrl = mostSpecificMatch(url, [...flatten(TOP_NAVIGATION), ...LEFT_NAVIGATION.flatMap((group) => flatten(group.navItems))]);
  const mark = (definition: NavDefinition): NavItem => ({
    label: definition.label,
    url: definition.url,
    active:
      definition.url === activeUrl ||
      (definition.navItems ?? []).some((item) => item.url === activeUrl) ||
      (definition.section !== undefined && url.pathname.startsWith(definition.section)),
    ...(definition.navItems && { navItems: definition.navItems.map((item) => ({ label: item.label, url: item.url, active: item.url === activeUrl })) }),
  });
  // In the left navigation only the one item for this page is active, never its parent too.
  const markExact = (definition: NavDefinition): NavItem => ({ ...mark(definition), active: definition.url === activeUrl });

  return navigationDataSchema.parse({
    navItems: TOP_NAVIGATION.map(mark),
    navGroups: LEFT_NAVIGATION.map((group) => ({ heading: group.heading, navItems: group.navItems.map(markExact) })),
    messagesLinkData: messagesLinkData(messageCount),
    ...sideLinks,
  });
}

function flatten(items: NavDefinition[]): NavDefinition[] {
  return items.flatMap((item) => [item, ...flatten(item.navItems ?? [])]);
}

/**
 * The URL of the item that describes this page best: the same path and every query
 * parameter it names; among those, the one naming the most parameters.
 */
export function mostSpecificMatch(url: URL, items: NavDefinition[]): string | undefined {
  let best: { url: string; specificity: number } | undefined;
  for (const item of items) {
    const candidate = new URL(item.url, url);
    if (candidate.pathname !== url.pathname || candidate.hash) continue;
    const parameters = [...candidate.searchParams];
    if (!parameters.every(([key, value]) => url.searchParams.get(key) === value)) continue;
    if (!best || parameters.length > best.specificity) best = { url: item.url, specificity: parameters.length };
  }
  return best?.url;
}
