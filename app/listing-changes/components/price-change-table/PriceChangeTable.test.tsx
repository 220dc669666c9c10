import { textOfLanguage } from "~/i18n/catalogues.server";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRouter } from "../../../../test/render-in-router";
import type { PriceChangeRow } from "../../price-change-routes.server";
import { againstMedian, PriceChangeTable } from "./PriceChangeTable";

const row = (fields: Partial<PriceChangeRow>): PriceChangeRow => ({
  listingId: 1,
  field: "price",
  title: "Kindle Paperwhite",
  currency: "USD",
  condition: "used",
  epid: "1",
  oldValue: 2000,
  newValue: 1800,
  problem: null,
  outcome: null,
  undoOutcome: null,
  marketMedian: 2000,
  ...fields,
});

describe("PriceChangeTable", () => {
  it("shows old, new, the difference and the market median in words, and why a listing cannot change", async () => {
    await renderInRouter("/sh/lst/prices/x", () => (
      <PriceChangeTable
        state="previewed"
        locale="en-US"
        fields={["price"]}
        rows={[row({ listingId: 2, title: "Ended lamp", newValue: null, problem: "ended" }), row({})]}
      />
    ));
    const table = screen.getByRole("table", { name: "Listings of this change" });
    const [, ended, kindle] = within(table).getAllByRole("row");
    expect(ended).toHaveTextContent("Not changed: The listing has ended.");
    expect(
      within(kindle as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["$20.00", "$18.00", "−$2.00", "10% below the median, $20.00", "Will change"]);
    expect(within(kindle as HTMLElement).getByRole("link", { name: "Kindle Paperwhite" })).toHaveAttribute(
      "href",
      "/sh/lst/1",
    );
  });

  it("says what happened once applied and undone", async () => {
    await renderInRouter("/sh/lst/prices/x", () => (
      <PriceChangeTable
        state="undone"
        locale="en-US"
        fields={["price"]}
        rows={[
          row({ listingId: 1, outcome: "applied", undoOutcome: "restored" }),
          row({ listingId: 2, outcome: "applied", undoOutcome: "changed_since" }),
          row({ listingId: 3, outcome: "conflict" }),
        ]}
      />
    ));
    expect(screen.getByText("Changed, then restored by the undo")).toBeInTheDocument();
    expect(screen.getByText("Changed; kept by the undo, as its price changed again since")).toBeInTheDocument();
    expect(screen.getByText("Not changed: its price changed after the preview.")).toBeInTheDocument();
  });

  it("names each row's field when the change writes quantities: before, after, and the difference in items", async () => {
    await renderInRouter("/sh/lst/prices/x", () => (
      <PriceChangeTable
        state="applied"
        locale="de-DE"
        fields={["price", "quantity"]}
        rows={[
          row({ listingId: 3, field: "quantity", oldValue: 1, newValue: null, problem: "below_zero" }),
          row({ outcome: "applied" }),
          row({ field: "quantity", oldValue: 12_000, newValue: 9, outcome: "conflict" }),
        ]}
      />
    ));
    const table = screen.getByRole("table", { name: "Listings of this change" });
    const [headings, problem, price, quantity] = within(table).getAllByRole("row");
    expect(
      within(headings as HTMLElement)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual([
      "Listing",
      "What changes",
      "Before",
      "After",
      "Difference",
      "New price against the market median",
      "What happened",
    ]);
    const cells = (tableRow: HTMLElement | undefined) =>
      within(tableRow as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(cells(problem)).toEqual([
      "Quantity",
      "1",
      "—",
      "—",
      "—",
      "Not changed: The new quantity would be below zero.",
    ]);
    expect(cells(price)?.slice(0, 4)).toEqual(["Price", "20,00\u00a0$", "18,00\u00a0$", "−2,00\u00a0$"]);
    expect(cells(quantity)).toEqual([
      "Quantity",
      "12.000",
      "9",
      "−11.991",
      "—",
      "Not changed: its quantity changed after the preview.",
    ]);
  });

  it("puts the new price against the median in words", () => {
    const english = textOfLanguage("en-US").text;
    expect(againstMedian(2000, 2000, "USD", "en-US", english)).toBe("At the median, $20.00");
    expect(againstMedian(2500, 2000, "USD", "en-US", english)).toBe("25% above the median, $20.00");
    expect(againstMedian(2500, null, "USD", "en-US", english)).toBe("No market figures");
    expect(againstMedian(1500, 2000, "EUR", "de-DE", textOfLanguage("de-DE").text)).toBe(
      // A no-break space holds the number to its "%", as Intl holds the amount to its "€".
      "25\u00a0% unter dem Median von 20,00\u00a0€",
    );
  });
});
