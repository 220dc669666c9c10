import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { HeaderSearch } from "./HeaderSearch";
import { renderSearchInShell } from "./header-search-shell.test-support";

const renderSearch = (answerWhen?: (text: string) => Promise<void>) =>
  renderSearchInShell(HeaderSearch, { answerWhen });

const field = () => screen.getByRole("searchbox", { name: "Search listings, pages and messages" });
const combobox = () => screen.findByRole("combobox", { name: "Search listings, pages and messages" });
const activeOption = () => {
  const id = screen.getByRole("combobox").getAttribute("aria-activedescendant");
  return id ? document.getElementById(id) : null;
};

describe("HeaderSearch", () => {
  it("is a plain search field in a search landmark until the seller comes to it", () => {
    renderSearch();
    expect(screen.getByRole("search", { name: "Search the hub" })).toContainElement(field());
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  });

  it("Ctrl+K moves focus to the field, which becomes a combobox with what was typed and focus kept", async () => {
    const { user } = renderSearch();
    await user.keyboard("{Control>}k{/Control}");
    expect(await combobox()).toHaveFocus();
    await user.keyboard("kin");
    expect(screen.getByRole("combobox")).toHaveValue("kin");
  });

  it("takes no single-character shortcut: / is the seller's own key everywhere (WCAG 2.1.4)", async () => {
    const { user } = renderSearch();
    await user.click(document.body);
    await user.keyboard("/");
    expect(document.body).toHaveFocus();
    await user.click(screen.getByRole("textbox", { name: "Note" }));
    await user.keyboard("/");
    expect(screen.getByRole("textbox", { name: "Note" })).toHaveValue("/");
    // Nor does the field announce one to assistive technology, before or after its popup loads.
    expect(field()).toHaveAttribute("aria-keyshortcuts", "Control+K Meta+K");
    await user.click(field());
    expect(await combobox()).toHaveAttribute("aria-keyshortcuts", "Control+K Meta+K");
  });

  it("shows the results grouped, moves through them with the arrows and opens one with Enter", async () => {
    const { user } = renderSearch();
    await user.click(field());
    await user.keyboard("kin");
    const listbox = await screen.findByRole("listbox", { name: "Search results" });
    expect(screen.getByRole("combobox")).toHaveAttribute("aria-expanded", "true");
    const listings = await screen.findByRole("group", { name: "Listings" });
    expect(within(listings).getByRole("option")).toHaveAccessibleName(
      /^Kindle Paperwhite 16GB, ?\$129\.00 · Active · Used · listing 7 · ePID 1200876543$/,
    );
    await waitFor(() => expect(screen.getByText("1 listing. Arrow down to choose.")).toBeInTheDocument());

    await user.keyboard("{ArrowDown}");
    expect(activeOption()).toHaveTextContent(/^Kindle Paperwhite 16GB/);
    expect(activeOption()).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}");
    expect(activeOption()).toHaveTextContent("See all listings matching “kin”");
    await user.keyboard("{ArrowDown}");
    expect(activeOption()).toHaveTextContent(/^Kindle/);
    await user.keyboard("{ArrowUp}");
    expect(activeOption()).toHaveTextContent(/^See all/);
    expect(listbox).toBeVisible();

    await user.keyboard("{ArrowUp}{Enter}");
    expect(screen.getByRole("status", { name: "Address" })).toHaveTextContent("/sh/lst/7");
    expect(screen.getByRole("combobox")).toHaveFocus();
    expect(screen.getByRole("combobox")).toHaveAttribute("aria-expanded", "false");
  });

  it("Escape closes the popup, then clears the field, focus staying in it", async () => {
    const { user } = renderSearch();
    await user.click(field());
    await user.keyboard("speed");
    await screen.findByRole("option", { name: "Performance › Site speed" });
    await user.keyboard("{ArrowDown}{Escape}");
    expect(screen.getByRole("combobox")).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByRole("combobox")).not.toHaveAttribute("aria-activedescendant");
    expect(screen.getByRole("combobox")).toHaveValue("speed");
    await user.keyboard("{Escape}");
    expect(screen.getByRole("combobox")).toHaveValue("");
    expect(screen.getByRole("combobox")).toHaveFocus();
  });

  it("asks once the seller pauses, and an older answer arriving late never replaces a newer one", async () => {
    let answerKin = () => {};
    const kinAnswers = new Promise<void>((resolve) => (answerKin = resolve));
    const { user, asked, answered } = renderSearch((text) => (text === "kin" ? kinAnswers : Promise.resolve()));
    await user.click(field());
    await user.keyboard("kin");
    await waitFor(() => expect(asked).toEqual(["kin"]));
    await user.clear(screen.getByRole("combobox"));
    await user.keyboard("speed");
    await screen.findByRole("option", { name: "Performance › Site speed" });
    // "kin"'s answer comes last.
    answerKin();
    await waitFor(() => expect(answered).toEqual(["speed", "kin"]));
    expect(screen.queryByRole("option", { name: /Kindle/ })).not.toBeInTheDocument();
    expect(screen.getByRole("option", { name: "Performance › Site speed" })).toBeInTheDocument();
    // One request per pause, not one per key.
    expect(asked).toEqual(["kin", "speed"]);
  });
});
