import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FixesTable } from "./FixesTable";

describe("FixesTable", () => {
  it("names each element or target to fix with its page, vital, page views, 75th percentile rated, and an INP's script", () => {
    render(
      <FixesTable
        locale="en-US"
        fixes={[
          {
            pageName: "sellerHubListings",
            vital: "INP",
            element: "button#refilter",
            pageViews: 3,
            p75: 640,
            script: "/assets/listings-B1x9.js applyFilters",
          },
          { pageName: "sellerHubOverview", vital: "LCP", element: "main>h1", pageViews: 12, p75: 2100, script: null },
          { pageName: "sellerHubOverview", vital: "INP", element: "a#menu", pageViews: 1, p75: 90, script: null },
        ]}
      />,
    );
    const table = screen.getByRole("table", {
      name: "What to fix: the LCP elements and INP interaction targets, furthest from good first",
    });
    expect(screen.getByRole("region", { name: /^Table: What to fix: the LCP elements/ })).toContainElement(table);
    const inp = within(table).getByRole("row", { name: /button#refilter/ });
    expect(inp).toHaveTextContent("sellerHubListings");
    expect(inp).toHaveTextContent("INP (Interaction to Next Paint)");
    expect(inp).toHaveTextContent("640 ms");
    expect(inp).toHaveTextContent("Poor");
    // The script that ran longest in the interaction, where the browser said.
    expect(inp).toHaveTextContent("/assets/listings-B1x9.js applyFilters");
    expect(within(table).getByRole("row", { name: /main>h1/ })).toHaveTextContent(/Good12Not for an LCP$/);
    expect(within(table).getByRole("row", { name: /a#menu/ })).toHaveTextContent(/Not reported$/);
  });

  it("says when no page view reported an element", () => {
    render(<FixesTable locale="en-US" fixes={[]} />);
    expect(screen.getByText("No LCP element or INP target was reported in this period.")).toBeVisible();
  });
});
