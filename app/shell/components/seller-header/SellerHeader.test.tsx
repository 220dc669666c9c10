import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { SellerHeader } from "./SellerHeader";

function renderHeader() {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <SellerHeader
          pageTitle="Listings"
          memberName="Jordan Lee"
          feedbackScore={1283}
          storeUrl="https://stores.example.com/jordan"
          locale="en-US"
          srt="token-1"
          search={<p>search here</p>}
          menu={<p>menu here</p>}
        />
      ),
    },
  ]);
  render(<Stub />);
  return screen.getByRole("banner");
}

describe("SellerHeader", () => {
  it("heads the page with its title, first offering a skip to the content", () => {
    const header = renderHeader();
    expect(within(header).getByRole("heading", { level: 1 })).toHaveTextContent("Listings");
    expect(within(header).getAllByRole("link")[0]).toHaveAccessibleName("Skip to main content");
    expect(within(header).getByRole("link", { name: "Skip to main content" })).toHaveAttribute("href", "#main-content");
  });

  it("shows the member, their store in a new window, and signs out with the session's token", () => {
    const header = renderHeader();
    expect(within(header).getByText("Jordan Lee")).toBeVisible();
    expect(within(header).getByRole("link", { name: /Your store/ })).toHaveAttribute(
      "href",
      "https://stores.example.com/jordan",
    );
    const signOut = within(header).getByRole("button", { name: "Sign out" }).closest("form") as HTMLFormElement;
    expect(signOut).toHaveAttribute("action", "/signout");
    expect(Object.fromEntries(new FormData(signOut))).toEqual({ srt: "token-1" });
  });

  it("places the search and the menu it is given", () => {
    const header = renderHeader();
    expect(within(header).getByText("search here")).toBeVisible();
    expect(within(header).getByText("menu here")).toBeVisible();
  });
});
