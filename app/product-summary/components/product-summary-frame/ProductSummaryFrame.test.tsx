import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ProductSummaryFrame } from "./ProductSummaryFrame";

const SRC = "/sh/prod-summary?listingId=42&itemId=42";

describe("ProductSummaryFrame", () => {
  it("frames the product summary, titled for assistive technology", () => {
    render(<ProductSummaryFrame src={SRC} ref={null} />);
    expect(screen.getByTitle("Product summary")).toHaveAttribute("src", SRC);
  });

  it("in the server's HTML keeps the frame for browsers without JavaScript only, so its first report is never missed", () => {
    const html = renderToString(<ProductSummaryFrame src={SRC} ref={null} />);
    expect(html).toMatch(/^<div class="product-summary-frame"><noscript><iframe /);
  });

  it("says when the summary did not load in time, with a button that loads it again", async () => {
    const onRetry = vi.fn<() => void>();
    const { rerender } = render(<ProductSummaryFrame src={SRC} ref={null} onRetry={onRetry} />);
    expect(screen.queryByRole("alert")).toBeNull();
    rerender(<ProductSummaryFrame src={SRC} ref={null} stalled onRetry={onRetry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("The product summary did not load.");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
