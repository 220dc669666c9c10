import { Link } from "react-router";
import { useText } from "~/i18n/text";
import type { NavItem } from "~/navigation/navigation-model";
import { useDropdown } from "./use-dropdown";

export interface TopNavigationProps {
  /** Primary items; an item's navItems fill its dropdown. */
  navItems: NavItem[];
}

/** The hub's primary navigation: links, some with a dropdown of secondary links. */
export function TopNavigation({ navItems }: TopNavigationProps) {
  const text = useText();
  return (
    <nav className="top-navigation" aria-label={text("shell.main")}>
      <ul className="top-navigation__items">
        {navItems.map((item) =>
          item.navItems?.length ? (
            <DropdownItem key={item.url} item={item} />
          ) : (
            <li key={item.url} className="top-navigation__item">
              <PrimaryLink item={item} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function DropdownItem({ item }: { item: NavItem }) {
  const { open, itemProps, buttonProps, listProps } = useDropdown();
  const text = useText();
  return (
    <li className="top-navigation__item top-navigation__item--dropdown" data-open={open || undefined} {...itemProps}>
      <PrimaryLink item={item} />
      <button className="top-navigation__toggle" {...buttonProps}>
        <span className="visually-hidden">{text("shell.moreIn", { section: item.label })}</span>
        <span aria-hidden="true" className="top-navigation__chevron" />
      </button>
      <ul className="top-navigation__dropdown" {...listProps}>
        {item.navItems?.map((child) => (
          <li key={child.url}>
            <Link prefetch="intent" to={child.url} aria-current={child.active ? "page" : undefined}>
              {child.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

function PrimaryLink({ item }: { item: NavItem }) {
  return (
    <Link
      className="top-navigation__link"
      prefetch="intent"
      to={item.url}
      aria-current={item.active ? "true" : undefined}
    >
      {item.label}
    </Link>
  );
}
