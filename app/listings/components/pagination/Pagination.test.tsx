import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderInRouter, shownAddress } from "../../../../test/render-in-router";
import { REFILTER_AFTER, REFILTER_BEFORE } from "~/refiltering/refilter";
import { Pagination, type PaginationProps } from "./Pagination";

const renderAt = (url: string, props: Omit<PaginationProps, "label">) =>
  renderInRouter(url, () => <Pagination label="Pages of listings" {...props} />);

const pages = () => screen.getByRole("navigation", { name: "Pages of listings" });

describe("Pagination", () => {
  it("links every shown page, keeping the other filters, and marks the current one", async () => {
    await renderAt("/sh/lst/active?status=active&offset=40", { total: 160, offset: 40, limit: 20 });
    expect(screen.getByRole("link", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Page 1" })).toHaveAttribute(
      "href",
      "/sh/lst/active?status=active&offset=0",
    );
    expect(screen.getByRole("link", { name: "Page 8" })).toHaveAttribute(
      "href",
      "/sh/lst/active?status=active&offset=140",
    );
    expect(screen.getByRole("link", { name: "Previous page" })).toHaveAttribute(
      "href",
      "/sh/lst/active?status=active&offset=20",
    );
    expect(screen.getByRole("link", { name: "Next page" })).toHaveAttribute(
      "href",
      "/sh/lst/active?status=active&offset=60",
    );
    expect(pages().querySelectorAll('[aria-current="page"]')).toHaveLength(1);
  });

  it("offers no Previous on the first page", async () => {
    await renderAt("/sh/lst/active", { total: 45, offset: 0, limit: 20 });
    expect(screen.queryByRole("link", { name: "Previous page" })).toBeNull();
    expect(screen.getByText("Previous", { exact: false })).toHaveAttribute("aria-disabled", "true");
    expect(screen.getByRole("link", { name: "Next page" })).toBeVisible();
  });

  it("offers no Next on the last page", async () => {
    await renderAt("/sh/lst/active?offset=40", { total: 45, offset: 40, limit: 20 });
    expect(screen.queryByRole("link", { name: "Next page" })).toBeNull();
    expect(screen.getByRole("link", { name: "Page 3" })).toHaveAttribute("aria-current", "page");
  });

  it("shows nothing when everything fits on one page", async () => {
    await renderAt("/sh/lst/active", { total: 20, offset: 0, limit: 20 });
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("moves to another page in place, announcing it before and once drawn, then calls onPageShown", async () => {
    const events: string[] = [];
    // What the page showed when each was said: "after" and onPageShown must meet the new page drawn.
    const record = (event: Event) => events.push(`${event.type} at ${shownAddress().textContent}`);
    window.addEventListener(REFILTER_BEFORE, record);
    window.addEventListener(REFILTER_AFTER, record);
    const onPageShown = vi.fn<() => void>(() => events.push(`shown at ${shownAddress().textContent}`));
    // The page's data comes from a loader, as the hub's does: React Router then draws the new page
    // in a transition of its own, after the navigation's promise resolved.
    function Page() {
      const { search } = useLocation();
      return (
        <>
          <output aria-label="Address">{`/sh/lst/active${search}`}</output>
          <Pagination label="Pages of listings" total={60} offset={0} limit={20} onPageShown={onPageShown} />
        </>
      );
    }
    const Stub = createRoutesStub([{ path: "/sh/lst/active", Component: Page, loader: async () => null }]);
    render(<Stub initialEntries={["/sh/lst/active?q=kindle"]} />);
    await screen.findByRole("status", { name: "Address" });

    fireEvent.click(screen.getByRole("link", { name: "Next page" }));

    await waitFor(() => expect(onPageShown).toHaveBeenCalledOnce());
    expect(shownAddress()).toHaveTextContent("/sh/lst/active?q=kindle&offset=20");
    expect(events).toEqual([
      `${REFILTER_BEFORE} at /sh/lst/active?q=kindle`,
      `${REFILTER_AFTER} at /sh/lst/active?q=kindle&offset=20`,
      "shown at /sh/lst/active?q=kindle&offset=20",
    ]);
    window.removeEventListener(REFILTER_BEFORE, record);
    window.removeEventListener(REFILTER_AFTER, record);
  });
});
