import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ListingFilters } from "~/listings/listing-filters";
import type { QueryChanges } from "~/refiltering/rebuild-query";
import { ListingFilterForm } from "./ListingFilterForm";

const FILTERS: ListingFilters = { status: "active", q: "kindle", sort: "newest", offset: 40, limit: 20 };

describe("ListingFilterForm", () => {
  it("shows the filters the page shows", () => {
    const { container } = render(<ListingFilterForm filters={FILTERS} onRefilter={() => {}} />);
    // A search landmark; jsdom does not know the <search> element's role yet, Chromium does (e2e).
    expect(container.querySelector("search")).toHaveAttribute("aria-label", "Filter listings");
    expect(screen.getByLabelText("Status")).toHaveValue("active");
    expect(screen.getByLabelText("Condition")).toHaveValue("");
    expect(screen.getByLabelText("Search titles")).toHaveValue("kindle");
    expect(screen.getByLabelText("Sort by")).toHaveValue("newest");
    expect(screen.getByLabelText("Per page")).toHaveValue("20");
  });

  it("is a GET form whose fields are the page's query parameters, so it works without JavaScript", () => {
    render(<ListingFilterForm filters={FILTERS} onRefilter={() => {}} />);
    const form = screen.getByRole("button", { name: "Apply filters" }).closest("form") as HTMLFormElement;
    expect(form).toHaveAttribute("method", "get");
    expect([...new FormData(form).keys()]).toEqual(["status", "condition", "q", "sort", "limit"]);
  });

  it("applies a choice as soon as it is made, as one change", async () => {
    const onRefilter = vi.fn<(changes: QueryChanges) => void>();
    render(<ListingFilterForm filters={FILTERS} onRefilter={onRefilter} />);
    await userEvent.selectOptions(screen.getByLabelText("Condition"), "Used");
    expect(onRefilter).toHaveBeenCalledExactlyOnceWith(["condition", "used"]);
    expect(screen.getByLabelText("Condition")).toHaveValue("used");
  });

  it("applies the search text, with every other field, when submitted", async () => {
    const onRefilter = vi.fn<(changes: QueryChanges) => void>();
    render(<ListingFilterForm filters={FILTERS} onRefilter={onRefilter} />);
    const search = screen.getByLabelText("Search titles");
    await userEvent.clear(search);
    await userEvent.type(search, "  mixer {Enter}");
    expect(onRefilter).toHaveBeenCalledExactlyOnceWith([
      ["status", "active"],
      ["condition", ""],
      ["q", "  mixer "],
      ["sort", "newest"],
      ["limit", "20"],
    ]);
  });

  it("keeps typed search text when a choice applies, and follows the page when its filters change", () => {
    const { rerender } = render(<ListingFilterForm filters={FILTERS} onRefilter={() => {}} />);
    fireEvent.change(screen.getByLabelText("Search titles"), { target: { value: "oasis" } });
    rerender(<ListingFilterForm filters={{ ...FILTERS, status: "ended" }} onRefilter={() => {}} />);
    expect(screen.getByLabelText("Search titles")).toHaveValue("oasis");
    expect(screen.getByLabelText("Status")).toHaveValue("ended");
    rerender(<ListingFilterForm filters={{ ...FILTERS, status: "ended", q: undefined }} onRefilter={() => {}} />);
    expect(screen.getByLabelText("Search titles")).toHaveValue("");
  });
});
