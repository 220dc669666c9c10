import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub, useLocation } from "react-router";

/**
 * Renders `content` at `url` inside a React Router data router, with the current address shown
 * in an output named "Address", so that a test can see where a click led.
 */
export async function renderInRouter(url: string, content: () => ReactNode): Promise<void> {
  function Page() {
    const location = useLocation();
    return (
      <>
        <output aria-label="Address">{location.pathname + location.search}</output>
        {content()}
      </>
    );
  }
  // Any other address renders the same, so that a link's destination shows in the output.
  const Stub = createRoutesStub([
    { path: new URL(url, "http://localhost").pathname, Component: Page },
    { path: "*", Component: Page },
  ]);
  render(<Stub initialEntries={[url]} />);
  await screen.findByRole("status", { name: "Address" });
}

export const shownAddress = () => screen.getByRole("status", { name: "Address" });
