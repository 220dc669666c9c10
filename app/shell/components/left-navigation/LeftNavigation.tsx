import { useText } from "~/i18n/text";
import { Link } from "react-router";
import type { NavGroup, NavItem } from "~/navigation/navigation-model";

export interface LeftNavigationProps {
  /** Groups of items, each item with at most one nested level. */
  navGroups: NavGroup[];
}

/** The section navigation beside the page; the current page's item is marked. */
export function LeftNavigation({ navGroups }: LeftNavigationProps) {
  const text = useText();
  return (
    <nav className="left-navigation" aria-label={text("shell.sections")}>
      {navGroups.map((group, index) => (
        <div key={group.heading} className="left-navigation__group">
          <h2 className="left-navigation__heading" id={`left-navigation-${index}`}>
            {group.heading}
          </h2>
          <ul aria-labelledby={`left-navigation-${index}`}>
            {group.navItems.map((item) => (
              <li key={item.url}>
                <ItemLink item={item} />
                {item.navItems?.length ? (
                  <ul className="left-navigation__nested">
                    {item.navItems.map((child) => (
                      <li key={child.url}>
                        <ItemLink item={child} />
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function ItemLink({ item }: { item: Omit<NavItem, "navItems"> }) {
  return (
    <Link
      prefetch="intent"
      to={item.url}
      className="left-navigation__link"
      aria-current={item.active ? "page" : undefined}
    >
      {item.label}
    </Link>
  );
}
