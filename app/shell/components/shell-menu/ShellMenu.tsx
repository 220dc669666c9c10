import { useText } from "~/i18n/text";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { NavGroup, NavItem } from "~/navigation/navigation-model";
import { useHydrated } from "../../../components/use-hydrated";
import { menuGroups } from "./menu-groups";
import { useMenuDisclosure } from "./use-menu-disclosure";

export interface ShellMenuProps {
  /** The top navigation's items. */
  navItems: NavItem[];
  /** The left navigation's groups. */
  navGroups: NavGroup[];
  /** The signed-in member, shown first in the menu where the header has no room for it. */
  member?: ReactNode;
}

const PANEL_ID = "shell-menu-panel";

/**
 * Below a tablet's width, the header's Menu button holds both navigations. Until the page is
 * hydrated (and without JavaScript) it is a `<details>` disclosure the browser opens itself;
 * afterwards a button following the APG disclosure pattern (`useMenuDisclosure`).
 */
export function ShellMenu({ navItems, navGroups, member }: ShellMenuProps) {
  const hydrated = useHydrated();
  const text = useText();
  const { buttonProps, panelProps } = useMenuDisclosure(PANEL_ID);
  const links = (
    <>
      {member}
      <MenuLinks groups={menuGroups(navItems, navGroups)} />
    </>
  );
  if (!hydrated) {
    return (
      <details className="shell-menu">
        <summary className="shell-menu__button">{text("shell.menu")}</summary>
        <div className="shell-menu__panel">{links}</div>
      </details>
    );
  }
  return (
    <div className="shell-menu">
      <button type="button" className="shell-menu__button" {...buttonProps}>
        {text("shell.menu")}
      </button>
      {/* oxlint-disable-next-line jsx-a11y/no-static-element-interactions, jsx-a11y/click-events-have-key-events -- it only hears Escape and the clicks on the links inside it */}
      <div className="shell-menu__panel" {...panelProps}>
        {links}
      </div>
    </div>
  );
}

function MenuLinks({ groups }: { groups: NavGroup[] }) {
  const text = useText();
  return (
    <nav aria-label={text("shell.menu")}>
      {groups.map((group, index) => (
        <div key={group.heading} className="shell-menu__group">
          <h2 className="shell-menu__heading" id={`shell-menu-group-${index}`}>
            {group.heading}
          </h2>
          <ul aria-labelledby={`shell-menu-group-${index}`}>
            {group.navItems
              .flatMap((item) => [
                { link: item, nested: false },
                ...(item.navItems ?? []).map((link) => ({ link, nested: true })),
              ])
              .map(({ link, nested }) => (
                <li key={link.url} className={nested ? "shell-menu__nested" : undefined}>
                  <Link
                    prefetch="intent"
                    to={link.url}
                    className="shell-menu__link"
                    aria-current={link.active ? "page" : undefined}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
