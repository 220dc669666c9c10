import type { NavGroup, NavItem, NavLink } from "~/navigation/navigation-model";

/**
 * The phone menu's groups: the left navigation's sections, with the top navigation's links that
 * they lack (a status view, a link into a page) added to the section of the same name, so that
 * the one menu reaches everything both navigations do, each place once.
 */
export function menuGroups(navItems: NavItem[], navGroups: NavGroup[]): NavGroup[] {
  const listed = new Set(
    navGroups.flatMap((group) =>
      group.navItems.flatMap((item) => [item.url, ...(item.navItems ?? []).map((child) => child.url)]),
    ),
  );
  const groups = navGroups.map((group) => ({ ...group, navItems: [...group.navItems] }));
  for (const item of navItems) {
    const missing: NavLink[] = [item, ...(item.navItems ?? [])].filter((link) => !listed.has(link.url));
    if (missing.length === 0) continue;
    const extras = missing.map(({ label, url, active }) => ({ label, url, active }));
    const group = groups.find((candidate) => candidate.heading === item.label);
    if (group) group.navItems.push(...extras);
    else groups.push({ heading: item.label, navItems: extras });
    for (const link of missing) listed.add(link.url);
  }
  return groups;
}
