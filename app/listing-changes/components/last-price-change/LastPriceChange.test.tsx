import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../../test/render-in-router";
import { SellerTimeZoneProvider } from "~/time/seller-time-zone";
import { LastPriceChange } from "./LastPriceChange";

const APPLIED_AT = Date.UTC(2026, 10, 23, 9, 30);
const change = {
  id: "Ka9CZMw-jjYpvFpCM_bN6Q",
  change: { kind: "raise_percent" as const, amount: 1000, ending: 99 },
  state: "applied" as const,
  appliedAt: APPLIED_AT,
  undoableUntil: APPLIED_AT + 86_400_000,
};

describe("LastPriceChange", () => {
  it("says what the last change was and when, in the seller's time zone, links to it, and offers its undo with the time it lasts", async () => {
    await renderInRouter("/sh/lst/active", () => (
      <SellerTimeZoneProvider value="America/Los_Angeles">
        <LastPriceChange change={change} srt="token" locale="en-US" />
      </SellerTimeZoneProvider>
    ));
    const region = screen.getByRole("region", { name: "Your last change" });
    expect(region).toHaveTextContent("Raise by 10%, rounded to end in .99, applied Nov 23, 2026, 1:30 AM PST.");
    expect(within(region).getByRole("link", { name: "See its listings" })).toHaveAttribute(
      "href",
      "/sh/lst/prices/Ka9CZMw-jjYpvFpCM_bN6Q",
    );
    const undo = within(region).getByRole("button", { name: "Undo this change" });
    expect(undo.closest("form")).toHaveAttribute("action", "/sh/lst/prices/Ka9CZMw-jjYpvFpCM_bN6Q/undo");
    expect(region).toHaveTextContent("You can undo it until Nov 24, 2026, 1:30 AM PST");
  });

  it("says an undone change was undone, and offers no undo", async () => {
    await renderInRouter("/sh/lst/active", () => (
      <LastPriceChange change={{ ...change, state: "undone", undoableUntil: null }} srt="token" locale="en-US" />
    ));
    expect(screen.getByRole("region", { name: "Your last change" })).toHaveTextContent(", then undone.");
    expect(screen.queryByRole("button", { name: "Undo this change" })).not.toBeInTheDocument();
  });
});
