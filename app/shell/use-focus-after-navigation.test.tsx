import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link, useLocation, useNavigate } from "react-router";
import { describe, expect, it } from "vitest";
import { HYDRATED_MARK } from "./hydration";
import { useFocusAfterNavigation } from "./use-focus-after-navigation";

/** A page of the hub in miniature: a link that stays (the navigation's), and the page's own, which goes with it. */
function Shell() {
  useFocusAfterNavigation("main");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <nav>
        <Link to="/two">Staying link</Link>
      </nav>
      <main id="main" tabIndex={-1} aria-label={`Page ${pathname}`}>
        {pathname === "/one" && <Link to="/two">Leaving link</Link>}
        {pathname === "/one" && <Link to="/two#bar">Link to the bar</Link>}
        {pathname === "/two" && (
          <section id="bar" tabIndex={-1} aria-label="Bar">
            <button type="button">Inside the bar</button>
          </section>
        )}
        {pathname === "/two" && (
          <button type="button" onClick={() => void navigate(-1)}>
            Back
          </button>
        )}
        {pathname === "/three" && <Link to="/one#field">Link to a field</Link>}
        {pathname === "/one" && <input id="field" aria-label="Field" />}
      </main>
    </>
  );
}

function renderAt(url: string) {
  const Stub = createRoutesStub([{ path: "*", Component: Shell }]);
  render(<Stub initialEntries={[url]} />);
}

describe("useFocusAfterNavigation", () => {
  it("moves focus lost with the link followed to the new page's main landmark", async () => {
    renderAt("/one");
    await userEvent.click(screen.getByRole("link", { name: "Leaving link" }));
    expect(await screen.findByRole("main", { name: "Page /two" })).toHaveFocus();
  });

  it("moves it to the element the fragment names when that takes focus", async () => {
    renderAt("/one");
    await userEvent.click(screen.getByRole("link", { name: "Link to the bar" }));
    expect(await screen.findByRole("region", { name: "Bar" })).toHaveFocus();
  });

  it("moves it on Back to the entry the tab was loaded on, which React Router keys as it keys the first", async () => {
    renderAt("/one");
    await userEvent.click(screen.getByRole("link", { name: "Leaving link" }));
    await userEvent.click(await screen.findByRole("button", { name: "Back" }));
    expect(await screen.findByRole("main", { name: "Page /one" })).toHaveFocus();
  });

  it("moves it to a field or a link the fragment names, as to an element with a tabindex", async () => {
    renderAt("/three");
    await userEvent.click(screen.getByRole("link", { name: "Link to a field" }));
    expect(await screen.findByRole("textbox", { name: "Field" })).toHaveFocus();
  });

  it("moves it when the frame is drawn anew after the page has hydrated: leaving a refusal is a navigation", () => {
    performance.mark(HYDRATED_MARK);
    try {
      renderAt("/two");
      expect(screen.getByRole("main", { name: "Page /two" })).toHaveFocus();
    } finally {
      performance.clearMarks(HYDRATED_MARK);
    }
  });

  it("leaves focus that is still on an element, and does nothing on the first load", async () => {
    renderAt("/one");
    expect(document.body).toHaveFocus();
    const staying = screen.getByRole("link", { name: "Staying link" });
    await userEvent.click(staying);
    await screen.findByRole("main", { name: "Page /two" });
    await act(async () => {});
    expect(staying).toHaveFocus();
  });
});
