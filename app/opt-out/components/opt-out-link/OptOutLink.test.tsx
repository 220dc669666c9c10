import { textOfLanguage } from "~/i18n/catalogues.server";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LISTINGS_TOOL } from "~/opt-out/opt-out.server";
import { optOutViewModel } from "~/opt-out/opt-out-view-model.server";
import { OptOutLink } from "./OptOutLink";

const MODEL = optOutViewModel(
  LISTINGS_TOOL,
  { username: "demo", site: "EBAY_US" },
  new Request("http://hub.test/sh/lst/active"),
  textOfLanguage("en-US").text,
);

function renderLink() {
  render(<OptOutLink model={MODEL} srt="session-token" />);
  return screen.getByRole("link", { name: "Switch to the previous tool" });
}

describe("OptOutLink", () => {
  it("is a link to the switch-tools page, so it works before hydration, and says it opens a dialog", () => {
    const link = renderLink();
    expect(link).toHaveAttribute("href", "/sh/optout");
    expect(link).toHaveAttribute("aria-haspopup", "dialog");
  });

  it("opens the opt-out dialog, and Cancel gives focus back to it", async () => {
    const link = renderLink();
    act(() => link.focus());
    const followed = fireEvent.click(link);
    expect(followed).toBe(false);
    const dialog = await screen.findByRole("dialog", { name: "Switch to the previous tool?" });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(dialog).not.toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(link).toHaveFocus();
  });

  it("leaves a click meant for a new tab to the browser", () => {
    const link = renderLink();
    document.addEventListener("click", (event) => event.preventDefault(), { once: true });
    fireEvent.click(link, { metaKey: true });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
