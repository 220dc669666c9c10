import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { VitalPartsTable } from "./VitalPartsTable";

describe("VitalPartsTable", () => {
  it("shows LCP's four parts and INP's three phases at their 75th percentiles, with how many page views told them", () => {
    render(
      <VitalPartsTable
        pageName="sellerHubListings"
        locale="de-DE"
        parts={{
          LCP: { samples: 1_204, p75: { ttfb: 80, loadDelay: 12, loadTime: 340, renderDelay: 1_250 } },
          INP: { samples: 7, p75: { inputDelay: 4, processing: 180, presentation: 20 } },
        }}
      />,
    );
    const table = screen.getByRole("table", {
      name: "What LCP and INP are made of on sellerHubListings, each part at its 75th percentile",
    });
    const rows = within(table)
      .getAllByRole("row")
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "Part75th percentilePage views measured",
      "LCP: time to first byte80 ms1.204",
      "LCP: resource load delay12 ms1.204",
      "LCP: resource load time340 ms1.204",
      "LCP: element render delay1.250 ms1.204",
      "INP: input delay4 ms7",
      "INP: processing180 ms7",
      "INP: presentation delay20 ms7",
    ]);
  });

  it("leaves out a vital no page view told the parts of, and says nothing with neither", () => {
    const { rerender, container } = render(
      <VitalPartsTable
        pageName="sellerHubOverview"
        locale="en-US"
        parts={{ LCP: { samples: 2, p75: { ttfb: 80, loadDelay: 0, loadTime: 0, renderDelay: 400 } }, INP: null }}
      />,
    );
    expect(within(screen.getByRole("table")).getAllByRole("row")).toHaveLength(5);
    rerender(<VitalPartsTable pageName="sellerHubOverview" locale="en-US" parts={{ LCP: null, INP: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
