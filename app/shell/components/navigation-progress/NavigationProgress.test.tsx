import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NavigationProgress } from "./NavigationProgress";
import { SLOW_NAVIGATION_MS } from "./use-slow-navigation";

function renderWithSlowListings() {
  let finishLoading: () => void = () => {};
  const Stub = createRoutesStub([
    {
      path: "/sh/ovw",
      Component: () => (
        <>
          <NavigationProgress />
          <Link to="/sh/lst/active">All listings</Link>
        </>
      ),
    },
    {
      path: "/sh/lst/active",
      loader: () => new Promise<null>((resolve) => (finishLoading = () => resolve(null))),
      Component: () => (
        <>
          <NavigationProgress />
          <h1>Listings</h1>
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={["/sh/ovw"]} />);
  return { finishLoading: () => finishLoading() };
}

describe("NavigationProgress", () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it("says nothing while a navigation is quicker than a moment", async () => {
    const { finishLoading } = renderWithSlowListings();
    await userEvent.click(await screen.findByRole("link", { name: "All listings" }));
    await act(() => vi.advanceTimersByTimeAsync(SLOW_NAVIGATION_MS - 100));
    expect(screen.getByRole("status")).toHaveTextContent("");
    finishLoading();
    expect(await screen.findByRole("heading", { name: "Listings" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("shows that a slow navigation is under way, and stops when the page arrives", async () => {
    const { finishLoading } = renderWithSlowListings();
    await userEvent.click(await screen.findByRole("link", { name: "All listings" }));
    await act(() => vi.advanceTimersByTimeAsync(SLOW_NAVIGATION_MS + 50));
    expect(screen.getByRole("status")).toHaveTextContent("Loading…");
    finishLoading();
    expect(await screen.findByRole("heading", { name: "Listings" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("");
  });
});
