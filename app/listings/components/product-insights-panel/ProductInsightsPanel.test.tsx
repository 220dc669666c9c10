import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MarketFigures } from "~/listings/market-figures.server";
import { renderInRouter } from "../../../../test/render-in-router";
import { ProductInsightsPanel } from "./ProductInsightsPanel";

const MARKET: MarketFigures = {
  epid: "1200876543",
  currency: "USD",
  byCondition: [
    { condition: "new", listings: 4, lowest: 12_000, median: 12_550, highest: 14_000 },
    { condition: "for_parts", listings: 1, lowest: 2_500, median: 2_500, highest: 2_500 },
  ],
  overall: { listings: 5, lowest: 2_500, median: 12_500, highest: 14_000 },
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((cell) => cell.textContent);

describe("ProductInsightsPanel", () => {
  it("shows the market's figures by condition and for all conditions", async () => {
    await renderInRouter("/sh/lst/42/insights", () => (
      <ProductInsightsPanel market={MARKET} locale="en-US" closeTo="/sh/lst/42" />
    ));
    const panel = screen.getByRole("region", { name: "Product insights" });
    expect(within(panel).getByRole("table", { name: /product 1200876543/ })).toBeVisible();
    expect(cells(within(panel).getByRole("row", { name: /^New/ }))).toEqual(["4", "$120.00", "$125.50", "$140.00"]);
    expect(cells(within(panel).getByRole("row", { name: /^For parts or not working/ }))).toEqual([
      "1",
      "$25.00",
      "$25.00",
      "$25.00",
    ]);
    expect(cells(within(panel).getByRole("row", { name: /^All conditions/ }))).toEqual([
      "5",
      "$25.00",
      "$125.00",
      "$140.00",
    ]);
  });

  it("takes focus on its heading when it opens", async () => {
    await renderInRouter("/sh/lst/42/insights", () => (
      <ProductInsightsPanel market={MARKET} locale="en-US" closeTo="/sh/lst/42" />
    ));
    expect(screen.getByRole("heading", { name: "Product insights" })).toHaveFocus();
  });

  it("says when nobody lists the product, and closes back to the listing", async () => {
    await renderInRouter("/sh/lst/42/insights", () => (
      <ProductInsightsPanel
        market={{ ...MARKET, byCondition: [], overall: null }}
        locale="en-US"
        closeTo="/sh/lst/42?condition=used"
      />
    ));
    // The product number set left to right within the sentence, whatever its language's direction.
    const sentence = screen.getByText(
      (_, element) =>
        element?.tagName === "P" &&
        element.textContent === "Nobody has an active listing of product 1200876543 right now.",
    );
    expect(sentence).toBeVisible();
    expect(within(sentence).getByText("1200876543")).toHaveAttribute("dir", "ltr");
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByRole("link", { name: "Close product insights" })).toHaveAttribute(
      "href",
      "/sh/lst/42?condition=used",
    );
  });
});
