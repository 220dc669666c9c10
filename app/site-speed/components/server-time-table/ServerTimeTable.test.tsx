import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ServerTimeTable } from "./ServerTimeTable";

describe("ServerTimeTable", () => {
  it("shows each part's 75th percentile for full loads and in-app navigations, and how many said", () => {
    render(
      <ServerTimeTable
        pageName="sellerHubListings"
        locale="en-US"
        server={{
          fullLoads: { samples: 1_204, p75: { db: 31, loaders: 42, render: 18, total: 64 } },
          inApp: { samples: 3, p75: { db: 12, loaders: 15, total: 17 } },
        }}
      />,
    );
    const table = screen.getByRole("table", {
      name: "Time on the server for sellerHubListings, each part at its 75th percentile",
    });
    const [header, fullLoads, inApp] = within(table).getAllByRole("row");
    // No page view posted a form: the action's column is left out.
    expect(header).toHaveTextContent(/^Page viewsDatabaseLoadersRenderWhole requestPage views measured$/);
    expect(fullLoads).toHaveTextContent(/^Full loads \(the document\)31 ms42 ms18 ms64 ms1,204$/);
    // An in-app navigation's data request renders no page.
    expect(inApp).toHaveTextContent(/^In-app navigations \(their data\)12 ms15 msNone17 ms3$/);
  });

  it("says nothing when no page view of the period told its server time", () => {
    const { container } = render(
      <ServerTimeTable pageName="sellerHubOverview" locale="en-US" server={{ fullLoads: null, inApp: null }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
