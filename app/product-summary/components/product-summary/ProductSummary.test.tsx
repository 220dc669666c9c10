import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { detailUrlOf, insightsDataOf, OPEN_INSIGHTS_SELECTOR, SUMMARY_ELEMENT_ID } from "~/product-summary/summary-dom";
import { KINDLE_SUMMARY as SUMMARY } from "../../../../test/product-summary";
import { ProductSummary } from "./ProductSummary";

const field = (term: string) => screen.getByText(term, { selector: "dt" }).nextElementSibling as HTMLElement;

describe("ProductSummary", () => {
  it("names what it summarises and shows each field of the listing summary, styled by its model", () => {
    render(<ProductSummary summary={SUMMARY} />);
    const main = screen.getByRole("main", { name: "Kindle Paperwhite 16GB – New" });
    expect(within(main).getByText("This listing")).toBeVisible();
    expect(field("Price").querySelector("strong")).toHaveTextContent("$129.99");
    expect(field("Was").querySelector("s")).toHaveTextContent("$149.99");
    expect(field("Shipping")).toHaveTextContent("Free");
    expect(field("Banner").querySelector("mark")).toHaveTextContent("Price drop");
    expect(field("Listing number")).toHaveTextContent("42");
    expect(field("Product ID (ePID)")).toHaveTextContent("1200876543");
    expect(main).toHaveTextContent("Yours is 4% above the median.");
  });

  it("leaves out the fields a listing does not have", () => {
    const { additionalPrice: _was, bannerStatus: _banner, ...fields } = SUMMARY.listingSummary ?? ({} as never);
    render(<ProductSummary summary={{ ...SUMMARY, listingSummary: fields }} />);
    expect(screen.queryByText("Was")).toBeNull();
    expect(screen.queryByText("Banner")).toBeNull();
  });

  it("says so when no listing matches, and still offers the product's insights", () => {
    render(
      <ProductSummary
        summary={{
          ...SUMMARY,
          subject: "You have no ended listing of this product.",
          heading: "No listing to summarise",
          listingSummary: null,
        }}
      />,
    );
    expect(screen.getByRole("heading", { name: "No listing to summarise" })).toBeVisible();
    expect(screen.queryByRole("term")).toBeNull();
    expect(screen.getByRole("link", { name: "Product insights" })).toBeVisible();
  });

  it("links Product insights to the listing's panel in the top page, so it works without JavaScript", () => {
    render(<ProductSummary summary={SUMMARY} />);
    const insights = screen.getByRole("link", { name: "Product insights" });
    expect(insights).toHaveAttribute("href", "/sh/lst/42/insights");
    expect(insights).toHaveAttribute("target", "_top");
    expect(insights).toBe(document.querySelector(OPEN_INSIGHTS_SELECTOR));
  });

  it("carries what its script needs: the insights data and the detail page", () => {
    render(<ProductSummary summary={SUMMARY} />);
    const main = document.getElementById(SUMMARY_ELEMENT_ID) as HTMLElement;
    expect(insightsDataOf(main)).toEqual(SUMMARY.insightsData);
    expect(detailUrlOf(main)).toBe("/sh/lst/42");
  });
});
