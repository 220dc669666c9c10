import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NewWindowLink } from "./NewWindowLink";

describe("NewWindowLink", () => {
  it("opens a new tab, says so in its name, and gives the new page no handle on this one", () => {
    render(
      <NewWindowLink href="https://stores.example.com/jordan" className="store-link">
        Your store
      </NewWindowLink>,
    );
    // jsdom joins the visually hidden words without the space a browser keeps.
    const link = screen.getByRole("link", { name: /^Your store ?\(opens in a new window or tab\)$/ });
    expect(link).toHaveAttribute("href", "https://stores.example.com/jordan");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(link).toHaveClass("new-window-link", "store-link");
  });

  it("shows the arrow to the eye only: screen readers hear the words instead", () => {
    render(<NewWindowLink href="https://help.example.com">Help</NewWindowLink>);
    expect(screen.getByText("↗")).toHaveAttribute("aria-hidden", "true");
  });
});
