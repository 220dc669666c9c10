import { screen, waitFor } from "@testing-library/react";
import { beforeEach, expect, it, vi } from "vitest";
import { renderSearchInShell } from "./header-search-shell.test-support";

let asked: string[] = [];
let deliverChunk = () => {};
beforeEach(() => {
  // A fresh HeaderSearch each test, whose combobox's chunk arrives when the test says: a slow
  // network, a busy phone.
  vi.resetModules();
  const chunkArrives = new Promise<void>((resolve) => (deliverChunk = resolve));
  vi.doMock("./SearchCombobox", async (importActual) => {
    await chunkArrives;
    return importActual();
  });
});

/** A fresh HeaderSearch, its combobox's chunk not yet arrived, in the tests' shell. */
async function renderInShell(startAt?: string) {
  const { HeaderSearch } = await import("./HeaderSearch");
  const rendered = renderSearchInShell(HeaderSearch, { startAt });
  asked = rendered.asked;
  return rendered.user;
}

const field = () => screen.getByRole("searchbox", { name: "Search listings, pages and messages" });

it("Enter pressed before the popup's code arrives goes to the results page, and no popup opens over them", async () => {
  const user = await renderInShell();
  await user.click(field());
  await user.keyboard("kin{Enter}");
  expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  // The results page comes once its loader has answered: a moment after Enter, not within it.
  await waitFor(() => expect(screen.getByRole("status", { name: "Address" })).toHaveTextContent("/sh/search?q=kin"));
  expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  deliverChunk();
  const combobox = await screen.findByRole("combobox");
  expect(combobox).toHaveFocus();
  // The popup's own request for the text goes out after a pause in typing, and is answered
  // (patiently: the whole suite running beside it once kept it past waitFor's default second).
  await waitFor(() => expect(asked.filter((text) => text === "kin").length).toBeGreaterThanOrEqual(2), {
    timeout: 5_000,
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(combobox).toHaveAttribute("aria-expanded", "false");
  expect(screen.queryByRole("listbox")).not.toBeInTheDocument();
});

it("text typed before the popup's code arrives shows its results once it has, without another key", async () => {
  const user = await renderInShell();
  await user.click(field());
  await user.keyboard("kin");
  expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
  deliverChunk();
  const combobox = await screen.findByRole("combobox");
  expect(combobox).toHaveFocus();
  expect(await screen.findByRole("option", { name: /^Kindle Paperwhite 16GB/ })).toBeInTheDocument();
  expect(combobox).toHaveAttribute("aria-expanded", "true");
});

it("on the results page, coming to the field that shows the text searched opens no popup over the results", async () => {
  const user = await renderInShell("/sh/search?q=kin");
  await user.click(await screen.findByRole("searchbox", { name: "Search listings, pages and messages" }));
  deliverChunk();
  const combobox = await screen.findByRole("combobox");
  expect(combobox).toHaveFocus();
  expect(combobox).toHaveValue("kin");
  // The page's own load asked once; the popup's request for the same text follows a pause.
  await waitFor(() => expect(asked.filter((text) => text === "kin").length).toBeGreaterThanOrEqual(2), {
    timeout: 5_000,
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(combobox).toHaveAttribute("aria-expanded", "false");
  await user.keyboard("{ArrowDown}");
  expect(combobox).toHaveAttribute("aria-expanded", "true");
});
