import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../../test/render-in-router";
import { PriceHistory } from "./PriceHistory";

describe("PriceHistory", () => {
  it("lists the listing's changes newest first: when, which field, from, to, by which change and who", async () => {
    const at = Date.UTC(2026, 10, 22, 9, 30);
    await renderInRouter("/sh/lst/1", () => (
      <PriceHistory
        locale="en-US"
        entries={[
          {
            at: at + 60_000,
            field: "price",
            from: 1100,
            to: 1000,
            currency: "USD",
            changeId: "c1",
            by: "Raise by 1",
            who: "Sam Rivera",
            undo: true,
          },
          {
            at,
            field: "price",
            from: 1000,
            to: 1100,
            currency: "USD",
            changeId: "c1",
            by: "Raise by 1",
            who: "Jordan Lee",
            undo: false,
          },
          {
            at,
            field: "quantity",
            from: 1200,
            to: 0,
            currency: "USD",
            changeId: "c0",
            by: "Changes from a file",
            who: "Zoë Ñúñez",
            undo: false,
          },
        ]}
      />
    ));
    const table = screen.getByRole("table", { name: "Changes of price and quantity, newest first" });
    const [, undo, change, quantity] = within(table).getAllByRole("row");
    // Outside the shell, times are UTC, and say so.
    expect(undo).toHaveTextContent("Nov 22, 2026, 9:31 AM UTCPrice$11.00$10.00Undo of: Raise by 1Sam Rivera");
    expect(quantity).toHaveTextContent("Nov 22, 2026, 9:30 AM UTCQuantity1,2000Changes from a fileZoë Ñúñez");
    expect(change).toHaveTextContent("Jordan Lee");
    expect(within(change as HTMLElement).getByRole("link", { name: "Raise by 1" })).toHaveAttribute(
      "href",
      "/sh/lst/prices/c1",
    );
  });

  it("says so when neither the price nor the quantity ever changed in the hub", async () => {
    await renderInRouter("/sh/lst/1", () => <PriceHistory locale="en-US" entries={[]} />);
    expect(screen.getByRole("heading", { name: "Price and quantity history" })).toBeInTheDocument();
    expect(screen.getByText("Neither the price nor the quantity has been changed in the hub.")).toBeInTheDocument();
  });
});
