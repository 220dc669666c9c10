import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../../test/render-in-router";
import { PriceHistory } from "./PriceHistory";

describe("PriceHistory", () => {
  it("lists the listing's price changes newest first: when, from, to, and by which change", async () => {
    const at = Date.UTC(2026, 10, 22, 9, 30);
    await renderInRouter("/sh/lst/1", () => (
      <PriceHistory
        locale="en-US"
        entries={[
          { at: at + 60_000, from: 1100, to: 1000, currency: "USD", changeId: "c1", by: "Raise by 1", undo: true },
          { at, from: 1000, to: 1100, currency: "USD", changeId: "c1", by: "Raise by 1", undo: false },
        ]}
      />
    ));
    const table = screen.getByRole("table", { name: "Price changes, newest first" });
    const [, undo, change] = within(table).getAllByRole("row");
    // Outside the shell, times are UTC, and say so.
    expect(undo).toHaveTextContent("Nov 22, 2026, 9:31 AM UTC$11.00$10.00Undo of: Raise by 1");
    expect(within(change as HTMLElement).getByRole("link", { name: "Raise by 1" })).toHaveAttribute(
      "href",
      "/sh/lst/prices/c1",
    );
  });

  it("says so when the price never changed in the hub", async () => {
    await renderInRouter("/sh/lst/1", () => <PriceHistory locale="en-US" entries={[]} />);
    expect(screen.getByRole("heading", { name: "Price history" })).toBeInTheDocument();
    expect(screen.getByText("The price has not been changed in the hub.")).toBeInTheDocument();
  });
});
