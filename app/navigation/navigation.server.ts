import type { ActiveNavigation } from "./marked-navigation";
import { navigationDataSchema, type NavigationData } from "./navigation-model";
import { LEFT_NAVIGATION, TOP_NAVIGATION, type NavDefinition } from "./navigation-definition";

/** The side area's links that depend on the seller and the page, each present only when it applies. */
export type SideLinks = Pick<NavigationData, "feedbackLinkData" | "optOutLinkData" | "optInLinkData">;

const sideLinksSchema = navigationDataSchema.pick({
  feedbackLinkData: true,
  optOutLinkData: true,
  optInLinkData: true,
});

/** The side links, validated before they are sent. */
export function validSideLinks(sideLinks: SideLinks): SideLinks {
  return sideLinksSchema.parse(sideLinks);
}

/** Where the page at `url` sits in the navigation (the browser marks the items: marked-navigation.ts). */
export function findActiveNavigation(url: URL): ActiveNavigation {
  const activeUrl = mostSpecificMatch(url)?.url;
  const sections = TOP_NAVIGATION.filter(
    (item) => item.section !== undefined && url.pathname.startsWith(item.section),
  ).map((item) => item.url);
  return activeUrl === undefined ? { sections } : { activeUrl, sections };
}

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
