import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TrackingTable } from "./TrackingTable";

describe("TrackingTable", () => {
  it("counts tracking events per page and action", () => {
    render(
      <TrackingTable
        locale="en-US"
        tracking={[
          { pageName: "sellerHubProductSummary", action: "openProductInsights", events: 1204 },
          { pageName: "sellerHubOverview", action: "bulkPriceTry", events: 3 },
        ]}
      />,
    );
    const table = screen.getByRole("table", { name: "Tracking events per page and action" });
    expect(within(table).getByRole("row", { name: /openProductInsights/ })).toHaveTextContent(
      "sellerHubProductSummaryopenProductInsights1,204",
    );
  });

  it("says when there were none", () => {
    render(<TrackingTable locale="en-US" tracking={[]} />);
    expect(screen.getByText("No tracking events were recorded in this period.")).toBeVisible();
  });
});
