import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { NavGroup, NavItem } from "~/navigation/navigation-model";
import { menuGroups } from "./menu-groups";
import { ShellMenu } from "./ShellMenu";

const NAV_ITEMS: NavItem[] = [
  { label: "Overview", url: "/sh/ovw", active: false },
  {
    label: "Listings",
    url: "/sh/lst/active",
    active: true,
    navItems: [
      { label: "All listings", url: "/sh/lst/active", active: false },
      { label: "Active", url: "/sh/lst/active?status=active", active: false },
      { label: "Ended", url: "/sh/lst/active?status=ended", active: true },
    ],
  },
];

const NAV_GROUPS: NavGroup[] = [
  { heading: "Overview", navItems: [{ label: "Summary", url: "/sh/ovw", active: false }] },
  {
    heading: "Listings",
    navItems: [
      {
        label: "All listings",
        url: "/sh/lst/active",
        active: false,
        navItems: [{ label: "Ended", url: "/sh/lst/active?status=ended", active: true }],
      },
    ],
  },
];

const menu = (
  <MemoryRouter>
    <ShellMenu navItems={NAV_ITEMS} navGroups={NAV_GROUPS} member={<p className="shell-menu__member">Jordan Lee</p>} />
  </MemoryRouter>
);

describe("menuGroups", () => {
  it("keeps the left navigation's sections and adds, once, the top navigation's links they lack", () => {
    const groups = menuGroups(NAV_ITEMS, NAV_GROUPS);
    expect(
      groups.map((group) => [
        group.heading,
        group.navItems.flatMap((item) => [item.label, ...(item.navItems ?? []).map((child) => child.label)]),
      ]),
    ).toEqual([
      ["Overview", ["Summary"]],
      ["Listings", ["All listings", "Ended", "Active"]],
    ]);
  });
});

describe("ShellMenu", () => {
  it("in the server's HTML is a details disclosure, which works without JavaScript", () => {
    expect(renderToString(menu)).toMatch(
      /^<details class="shell-menu"><summary class="shell-menu__button">Menu<\/summary>/,
    );
  });

  it("opens from its button with focus on the current page's link, and Escape closes it with focus back on the button", async () => {
    render(menu);
    const button = screen.getByRole("button", { name: "Menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    const panel = document.getElementById(button.getAttribute("aria-controls") as string);
    expect(panel).not.toBeVisible();

    await userEvent.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(panel).toBeVisible();
    const current = screen.getByRole("link", { name: "Ended" });
    expect(current).toHaveAttribute("aria-current", "page");
    expect(current).toHaveFocus();
    expect(screen.getByText("Jordan Lee")).toBeVisible();

    await userEvent.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
  });

  it("closes when a link in it is followed", async () => {
    render(menu);
    const button = screen.getByRole("button", { name: "Menu" });
    await userEvent.click(button);
    fireEvent.click(screen.getByRole("link", { name: "Summary" }));
    expect(button).toHaveAttribute("aria-expanded", "false");
  });
});
