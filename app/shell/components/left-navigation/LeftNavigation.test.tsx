import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { NavGroup } from "~/navigation/navigation-model";
import { LeftNavigation } from "./LeftNavigation";

const GROUPS: NavGroup[] = [
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

function renderNavigation() {
  render(
    <MemoryRouter>
      <LeftNavigation navGroups={GROUPS} />
    </MemoryRouter>,
  );
  return screen.getByRole("navigation", { name: "Sections" });
}

describe("LeftNavigation", () => {
  it("lists each group under its heading, the list named by it", () => {
    const navigation = renderNavigation();
    expect(
      within(navigation)
        .getAllByRole("heading", { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(["Overview", "Listings"]);
    const listings = within(navigation).getByRole("list", { name: "Listings" });
    expect(within(listings).getByRole("link", { name: "All listings" })).toHaveAttribute("href", "/sh/lst/active");
  });

  it("nests an item's own items under it, and marks the current page only", () => {
    const navigation = renderNavigation();
    const ended = within(navigation).getByRole("link", { name: "Ended" });
    expect(ended).toHaveAttribute("aria-current", "page");
    expect(ended.closest("ul")).toHaveClass("left-navigation__nested");
    expect(within(navigation).getByRole("link", { name: "All listings" })).not.toHaveAttribute("aria-current");
    expect(within(navigation).getByRole("link", { name: "Summary" })).not.toHaveAttribute("aria-current");
  });
});
