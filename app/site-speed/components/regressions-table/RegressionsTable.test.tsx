import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { TextProvider } from "~/i18n/text";
import { RegressionsTable } from "./RegressionsTable";

const LISTINGS_LCP = {
  pageName: "sellerHubActiveListings",
  vital: "LCP",
  previousP75: 1780,
  p75: 2980,
  samples: 1_240,
  previousSamples: 980,
} as const;
const OVERVIEW_CLS = {
  pageName: "sellerHubOverview",
  vital: "CLS",
  previousP75: 0,
  p75: 0.12,
  samples: 40,
  previousSamples: 31,
} as const;

describe("RegressionsTable", () => {
  it("names each page that got slower, by its label and code, with both weeks' figures, how much slower and over how many page views", () => {
    render(<RegressionsTable regressions={[LISTINGS_LCP, OVERVIEW_CLS]} locale="en-US" />);
    const section = screen.getByRole("region", { name: "Slower than the week before" });
    const table = within(section).getByRole("table", {
      name: "Slower than the week before: each page's Web Vital at the 75th percentile, most worsened first",
    });
    const [header, listings, overview] = within(table).getAllByRole("row");
    expect(header).toHaveTextContent(
      /^PageWeb vitalThe week beforeThe last 7 daysSlower byPage views, the last 7 daysPage views, the week before$/,
    );
    expect(listings).toHaveTextContent(
      /^Listings sellerHubActiveListingsLCP \(Largest Contentful Paint\)1,780 ms Good2,980 ms Needs improvement\+67%1,240980$/,
    );
    // No share of nothing: a CLS of 0 the week before is slower by the whole of this week's.
    expect(overview).toHaveTextContent(/Cumulative Layout Shift\)0\.00 Good0\.12 Needs improvement\+0\.124031$/);
    expect(within(listings!).getByRole("rowheader")).toHaveTextContent("Listings sellerHubActiveListings");
  });

  it("says nothing when no page got slower", () => {
    const { container } = render(<RegressionsTable regressions={[]} locale="en-US" />);
    expect(container).toBeEmptyDOMElement();
  });

  it("reads in the seller's language and numbers", () => {
    render(
      <TextProvider value={textOfLanguage("de-DE")}>
        <RegressionsTable regressions={[LISTINGS_LCP]} locale="de-DE" />
      </TextProvider>,
    );
    const table = screen.getByRole("table", { name: /^Langsamer als in der Woche davor/ });
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent(/1\.780 ms.*2\.980 ms.*\+67 %.*1\.240.*980/);
    // The rule's figures in the seller's numbers.
    expect(
      screen.getByText(/um mindestens 10 % und um mindestens 10 % der Schwelle .* bei mindestens 30 Seitenaufrufen/),
    ).toBeInTheDocument();
  });
});
