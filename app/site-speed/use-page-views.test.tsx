import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, Outlet, createRoutesStub, useLocation } from "react-router";
import { useReducer, useState } from "react";
import { describe, expect, it } from "vitest";
import type { PageViews } from "./site-speed-beacon";
import { usePageViews } from "./use-page-views";

/**
 * The hub's layout, measured as the root route measures it, with a listings page slow to load.
 * `remounting` draws the layout afresh on each location, as React Router draws the root's layout
 * when an error page takes over.
 */
function renderHub({ remounting = false } = {}) {
  const calls: string[] = [];
  const pageViews: PageViews = {
    navigationStarted: () => calls.push("started"),
    navigationSettled: () => calls.push("settled"),
    pageShown: () => calls.push("shown"),
    stop: () => undefined,
  };
  let finishLoading: () => void = () => {};
  function Hub() {
    // The page's name as the root gives it: a refusal drawn in place (a fetcher's form refused) renames it.
    const [pageName, setPageName] = useState("sellerHubOverview");
    const [, drawAgain] = useReducer((draws: number) => draws + 1, 0);
    usePageViews(pageViews, pageName);
    return (
      <>
        <Link to="/sh/lst/active">All listings</Link>
        <button type="button" onClick={() => setPageName("sellerHubNotAllowed")}>
          Refuse in place
        </button>
        <button type="button" onClick={drawAgain}>
          Draw again
        </button>
        <Outlet />
      </>
    );
  }
  function Layout() {
    const { key } = useLocation();
    return <Hub key={remounting ? key : undefined} />;
  }
  const Stub = createRoutesStub([
    {
      Component: Layout,
      children: [
        { path: "/sh/ovw", Component: () => <h1>Overview</h1> },
        {
          path: "/sh/lst/active",
          loader: () => new Promise<null>((resolve) => (finishLoading = () => resolve(null))),
          Component: () => <h1>Listings</h1>,
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/sh/ovw"]} />);
  return { calls, finishLoading: () => finishLoading() };
}

describe("usePageViews", () => {
  it("says nothing of the page the browser loaded", async () => {
    const { calls } = renderHub();
    await screen.findByRole("heading", { name: "Overview" });
    expect(calls.filter((call) => call !== "settled")).toEqual([]);
  });

  it("tells the beacon a navigation started, then that its page is shown, once, then that it settled", async () => {
    const { calls, finishLoading } = renderHub();
    await userEvent.click(await screen.findByRole("link", { name: "All listings" }));
    expect(calls.filter((call) => call !== "settled")).toEqual(["started"]);
    finishLoading();
    await screen.findByRole("heading", { name: "Listings" });
    // Told from effects, which React runs after the commit that drew the heading: on a busy
    // machine the heading can be found first (a CI run of this session saw only "started").
    await waitFor(() => expect(calls.slice(calls.indexOf("started"))).toEqual(["started", "shown", "settled"]));
  });

  it("counts a page shown by a layout drawn afresh, as after an error page", async () => {
    const { calls, finishLoading } = renderHub({ remounting: true });
    await userEvent.click(await screen.findByRole("link", { name: "All listings" }));
    finishLoading();
    await screen.findByRole("heading", { name: "Listings" });
    await waitFor(() => expect(calls.filter((call) => call === "shown")).toEqual(["shown"]));
  });

  it("counts a refusal drawn at the same location, as for a form sent without navigating, once", async () => {
    const { calls } = renderHub();
    await userEvent.click(await screen.findByRole("button", { name: "Refuse in place" }));
    await waitFor(() => expect(calls.filter((call) => call === "shown")).toEqual(["shown"]));
    // Drawn again at the same location under the same name (a revalidation): the same page view.
    await userEvent.click(screen.getByRole("button", { name: "Draw again" }));
    expect(calls.filter((call) => call === "shown")).toEqual(["shown"]);
  });
});
