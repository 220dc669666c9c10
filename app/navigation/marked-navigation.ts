import type { Text } from "~/i18n/language-text";
import { boundedMemo } from "~/memo/bounded-memo";
import { LEFT_NAVIGATION, TOP_NAVIGATION, type NavDefinition } from "./navigation-definition";
import type { NavGroup, NavItem } from "./navigation-model";

/**
 * Where the page sits in the navigation: all the server sends of it (the shell's loader), since
 * the navigation's definition, labels and URLs never change between requests (decision 062).
 */
export interface ActiveNavigation {
  /** The item that describes the page best; none on a page no item names (a listing's own page). */
  activeUrl?: string;
  /** The primary items whose section holds the page. */
  sections: string[];
}

export interface MarkedNavigation {
  /** The top navigation. */
  navItems: NavItem[];
  /** The left navigation. */
  navGroups: NavGroup[];
}

/**
 * The navigation in the page's language with this page's items marked active, on the server and
 * in the browser alike.
 */
export function markNavigation({ activeUrl, sections }: ActiveNavigation, text: Text): MarkedNavigation {
  let marked = markedNavigations.get(text);
  if (!marked) {
    marked = boundedMemo(100, (key: string) => markedNavigation(key, text));
    markedNavigations.set(text, marked);
  }
  return marked(`${activeUrl ?? ""} ${sections.join(" ")}`);
}

/**
 * Few pages, many renders: each marking is built once per language (each language's `Text` is one
 * function for the server's life, and for the page's in the browser), and the same object comes
 * back for the same page, so the navigation's components see unchanged props when the seller
 * stays put.
 */
const markedNavigations = new WeakMap<Text, (key: string) => MarkedNavigation>();

function markedNavigation(key: string, text: Text): MarkedNavigation {
  const [activeUrl, ...sections] = key.split(" ");
  const mark = (definition: NavDefinition): NavItem => ({
    label: text(definition.label),
    url: definition.url,
    active:
      definition.url === activeUrl ||
      (definition.navItems ?? []).some((item) => item.url === activeUrl) ||
      sections.includes(definition.url),
    ...(definition.navItems && {
      navItems: definition.navItems.map((item) => ({
        label: text(item.label),
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
  return {
    navItems: TOP_NAVIGATION.map(mark),
    navGroups: LEFT_NAVIGATION.map((group) => ({
      heading: text(group.heading),
      navItems: group.navItems.map(markExact),
    })),
  };
}
