import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { useFocusAfterNavigation } from "./use-focus-after-navigation";

/** A page of the hub in miniature: a link that stays (the navigation's), and the page's own, which goes with it. */
function Shell() {
  useFocusAfterNavigation("main");
  const { pathname } = useLocation();
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
