import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../../test/render-in-router";
import { PriceChangesTable } from "./PriceChangesTable";

describe("PriceChangesTable", () => {
  it("lists each change: when, what (a link to its page), how many listings, its state, and who", async () => {
    const at = Date.UTC(2026, 10, 22, 9, 30);
    await renderInRouter("/sh/lst/changes", () => (
      <PriceChangesTable
        locale="en-US"
        changes={[
          {
            id: "kept",
            change: { kind: "raise_percent", amount: 1250, ending: 99 },
            state: "previewed",
            createdAt: at + 120_000,
            appliedAt: null,
            undoneAt: null,
            appliedBy: null,
            undoneBy: null,
            listings: 1_234,
          },
          {
            id: "undone",
            change: { kind: "lower_amount", amount: 250 },
            state: "undone",
            createdAt: at - 60_000,
            appliedAt: at,
            undoneAt: at + 60_000,
            appliedBy: "Zoë Ñúñez",
            undoneBy: "Jordan Lee",
            listings: 3,
          },
          {
            id: "applied",
            change: { kind: "set_quantity", amount: 0 },
            state: "applied",
            createdAt: at - 120_000,
            appliedAt: at - 120_000,
            undoneAt: null,
            appliedBy: "سارة",
            undoneBy: null,
            listings: 1,
          },
        ]}
      />
    ));
    const table = screen.getByRole("table", { name: "Your price and quantity changes, newest first" });
    const [header, preview, undone, applied] = within(table).getAllByRole("row");
    expect(header).toHaveTextContent("WhenChangeListingsStateWho");
    // A preview was applied by no one yet.
    expect(preview).toHaveTextContent(
      /^Nov 22, 2026, 9:32 AM UTCRaise by 12.50%, rounded to end in .991,234Preview, not applied$/,
    );
    // An applied change is told by when it was applied, then when it was undone; by whom, each.
    expect(undone).toHaveTextContent(
      "Nov 22, 2026, 9:30 AM UTCLower by 2.503Undone Nov 22, 2026, 9:31 AM UTCApplied by Zoë Ñúñez, undone by Jordan Lee",
    );
    // Each name keeps its own direction: an Arabic one does not pull ", undone by" into its run.
    expect(within(undone as HTMLElement).getByText("Zoë Ñúñez").tagName).toBe("BDI");
    expect(within(undone as HTMLElement).getByText("Jordan Lee").tagName).toBe("BDI");
    expect(within(applied as HTMLElement).getByText("سارة").tagName).toBe("BDI");
    expect(within(undone as HTMLElement).getByRole("rowheader")).toContainElement(
      within(undone as HTMLElement).getByRole("link", { name: "Lower by 2.50" }),
    );
    expect(within(undone as HTMLElement).getByRole("link", { name: "Lower by 2.50" })).toHaveAttribute(
      "href",
      "/sh/lst/prices/undone",
    );
  });
});
