import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ListingRow } from "~/listings/listings.server";
import { renderInRouter } from "../../../../test/render-in-router";
import { ListingsTable } from "./ListingsTable";

const LISTINGS: ListingRow[] = [
  {
    id: 7,
    title: "Kindle Paperwhite 16GB – New",
    price: 12_999,
    currency: "USD",
    condition: "new",
    status: "active",
    quantity: 1_200,
    sold: 34,
  },
  {
    id: 9,
    title: "Dyson V11 Cordless Vacuum – Used",
    price: 25_999,
    currency: "USD",
    condition: "used",
    status: "out_of_stock",
    quantity: 0,
    sold: 2,
  },
];

const renderTable = (
  sort: Parameters<typeof ListingsTable>[0]["sort"],
  url = "/sh/lst/active?status=active&offset=20",
) => renderInRouter(url, () => <ListingsTable listings={LISTINGS} sort={sort} locale="en-US" />);

describe("ListingsTable", () => {
  it("shows each listing's title as a link, price in the page's language's locale, condition and status in words, and numbers", async () => {
    await renderTable("newest");
    const table = screen.getByRole("table", { name: "Your listings (newest first)" });
    const [first] = within(table).getAllByRole("row").slice(1);
    expect(within(first as HTMLElement).getByRole("link", { name: "Kindle Paperwhite 16GB – New" })).toHaveAttribute(
      "href",
      "/sh/lst/7",
    );
    expect(
      within(first as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["$129.99", "New", "Active", "1,200", "34"]);
    expect(within(table).getByRole("row", { name: /Dyson/ })).toHaveTextContent("Out of stock");
  });

  it("lays each title out in its own direction, so a Latin title's closing punctuation stays at its end on a right-to-left page", async () => {
    await renderTable("newest");
    const table = screen.getByRole("table", { name: "Your listings (newest first)" });
    for (const link of within(table).getAllByRole("link", { name: /Kindle|Dyson/ }))
      expect(link).toHaveAttribute("dir", "auto");
  });

  it("marks the sorted column with aria-sort, and only that one", async () => {
    await renderTable("price_desc");
    expect(screen.getByRole("columnheader", { name: /^Price/ })).toHaveAttribute("aria-sort", "descending");
    expect(screen.getByRole("columnheader", { name: /^Title/ })).not.toHaveAttribute("aria-sort");
  });

  it("sorts a column ascending first, then the other way, keeping the filters and starting at the first page", async () => {
    await renderTable("price_asc");
    expect(screen.getByRole("link", { name: "Price, sort highest first" })).toHaveAttribute(
      "href",
      "/sh/lst/active?status=active&offset=0&sort=price_desc",
    );
    expect(screen.getByRole("link", { name: "Title, sort A to Z" })).toHaveAttribute(
      "href",
      "/sh/lst/active?status=active&offset=0&sort=title_asc",
    );
  });

  it("says it is busy while new results load", async () => {
    await renderInRouter("/sh/lst/active", () => (
      <ListingsTable listings={LISTINGS} sort="newest" locale="en-US" busy />
    ));
    expect(screen.getByRole("table")).toHaveAttribute("aria-busy", "true");
  });

  it("with a selection, starts each row with a named checkbox, and the page's is mixed when some are selected", async () => {
    const onChange = vi.fn<(id: number, selected: boolean) => void>();
    const onPageChange = vi.fn<(selected: boolean) => void>();
    await renderInRouter("/sh/lst/active", () => (
      <ListingsTable
        listings={LISTINGS}
        sort="newest"
        locale="en-US"
        selection={{
          isSelected: (id) => id === 7,
          onChange,
          page: { state: "mixed", onChange: onPageChange },
        }}
      />
    ));
    const kindle = screen.getByRole("checkbox", { name: "Select Kindle Paperwhite 16GB – New" });
    expect(kindle).toBeChecked();
    expect(kindle).toHaveAttribute("name", "listing");
    expect(kindle).toHaveAttribute("value", "7");
    const page = screen.getByRole("checkbox", { name: "Select all listings on this page" });
    expect(page).toBePartiallyChecked();
    await userEvent.click(screen.getByRole("checkbox", { name: "Select Dyson V11 Cordless Vacuum – Used" }));
    expect(onChange).toHaveBeenCalledWith(9, true);
    await userEvent.click(page);
    expect(onPageChange).toHaveBeenCalledWith(true);
  });

  it("heads the selection column, so each row's checkbox cell has a column header", async () => {
    await renderInRouter("/sh/lst/active", () => (
      <ListingsTable
        listings={LISTINGS}
        sort="newest"
        locale="en-US"
        selection={{ isSelected: () => false, onChange: () => {} }}
      />
    ));
    expect(screen.getAllByRole("columnheader")[0]).toHaveTextContent(/^Select$/);
  });
});
