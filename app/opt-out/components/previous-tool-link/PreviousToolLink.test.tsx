import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PreviousToolLink } from "./PreviousToolLink";

const realLocation = window.location;

function stubLocation() {
  const replace = vi.fn<(url: string) => void>();
  Object.defineProperty(window, "location", { configurable: true, value: { ...realLocation, replace } });
  return replace;
}

afterEach(() => Object.defineProperty(window, "location", { configurable: true, value: realLocation }));

describe("PreviousToolLink", () => {
  it("goes to the previous tool by replacing the current history entry", () => {
    const replace = stubLocation();
    render(<PreviousToolLink href="/sh/ovw">Go to the previous tool</PreviousToolLink>);
    const link = screen.getByRole("link", { name: "Go to the previous tool" });
    expect(link).toHaveAttribute("href", "/sh/ovw");
    const followed = fireEvent.click(link);
    expect(replace).toHaveBeenCalledWith("/sh/ovw");
    expect(followed).toBe(false);
  });

  it("leaves a click meant for a new tab to the browser", () => {
    const replace = stubLocation();
    render(<PreviousToolLink href="/sh/ovw">Go to the previous tool</PreviousToolLink>);
    // jsdom cannot open tabs: stop the browser's own handling once the link has had its say.
    document.addEventListener("click", (event) => event.preventDefault(), { once: true });
    fireEvent.click(screen.getByRole("link"), { ctrlKey: true });
    expect(replace).not.toHaveBeenCalled();
  });
});
