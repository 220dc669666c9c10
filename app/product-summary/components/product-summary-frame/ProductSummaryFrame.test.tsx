import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ProductSummaryFrame } from "./ProductSummaryFrame";

const SRC = "/sh/prod-summary?listingId=42&itemId=42";

describe("ProductSummaryFrame", () => {
  it("frames the product summary, titled for assistive technology", () => {
    render(<ProductSummaryFrame src={SRC} ref={null} insights={null} />);
    expect(screen.getByTitle("Product summary")).toHaveAttribute("src", SRC);
    expect(screen.queryByRole("heading", { name: "At a glance" })).toBeNull();
  });

  it("in the server's HTML keeps the frame for browsers without JavaScript only, so its first report is never missed", () => {
    const html = renderToString(<ProductSummaryFrame src={SRC} ref={null} insights={null} />);
    expect(html).toMatch(/^<div class="product-summary-frame"><noscript><iframe /);
  });

  it("fills the insights area from the frame's report", () => {
    render(
      <ProductSummaryFrame
        src={SRC}
        ref={null}
        insights={{
          listingId: "42",
          epid: "1200876543",
          displayPrice: "$129.99",
          additionalPrice: "$149.99",
          logisticsCost: "Free",
        }}
      />,
    );
    expect(screen.getByRole("region", { name: "At a glance" })).toBeVisible();
    const terms = screen
      .getAllByRole("term")
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(terms).toEqual([
      "Listing number: 42",
      "Price: $129.99",
      "Was: $149.99",
      "Shipping: Free",
      "Product ID (ePID): 1200876543",
    ]);
  });

  it("says when the summary did not load in time, with a button that loads it again", async () => {
    const onRetry = vi.fn<() => void>();
    const { rerender } = render(<ProductSummaryFrame src={SRC} ref={null} insights={null} onRetry={onRetry} />);
    expect(screen.queryByRole("alert")).toBeNull();
    rerender(<ProductSummaryFrame src={SRC} ref={null} insights={null} stalled onRetry={onRetry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("The product summary did not load.");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
