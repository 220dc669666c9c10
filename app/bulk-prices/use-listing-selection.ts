import { useCallback, useRef } from "react";
import { useFetchers, useLocation, useSubmit } from "react-router";
import type { SelectionIntent } from "./selection-intents";

export interface ListingSelectionInput {
  /** The listings shown on this page, in order. */
  pageIds: readonly number[];
  /** Those of them the server has selected. */
  selectedOnPage: readonly number[];
  /** Selected in all, as the server counted. */
  count: number;
  srt: string;
}

export interface ListingSelection {
  /** Selected in all, with the ticks still on their way to the server. */
  count: number;
  isSelected(listingId: number): boolean;
  /** The page's checkbox: every listing of the page selected, none, or some. */
  page: "all" | "none" | "mixed";
  toggle(listingId: number, selected: boolean): void;
  togglePage(selected: boolean): void;
}

const FETCHER_PREFIX = "listing-selection-";

/**
 * The listings page's selection with JavaScript. A tick is sent at once (a fetcher, no
 * navigation) and shown at once: until the page's data comes back with it, the ticks on their way
 * are laid over what the server said, so the checkboxes and the count never wait on the network.
 * Each tick has a fetcher of its own, so a quick second tick never cancels the first.
 */
export function useListingSelection({ pageIds, selectedOnPage, count, srt }: ListingSelectionInput): ListingSelection {
  const submit = useSubmit();
  const { pathname, search } = useLocation();
  const fetchers = useFetchers();
  const sent = useRef(0);

  const saved = new Set(selectedOnPage);
  const pending = new Map<number, boolean>();
  for (const fetcher of fetchers) {
    if (!fetcher.key.startsWith(FETCHER_PREFIX) || !fetcher.formData) continue;
    const selected = (fetcher.formData.get("intent") as SelectionIntent) === "select";
    for (const id of fetcher.formData.getAll("listing")) pending.set(Number(id), selected);
  }
  let shownCount = count;
  for (const [id, selected] of pending) {
    if (selected && !saved.has(id)) shownCount += 1;
    if (!selected && saved.has(id)) shownCount -= 1;
  }
  const isSelected = (id: number) => pending.get(id) ?? saved.has(id);
  const selectedHere = pageIds.filter(isSelected).length;

  const send = useCallback(
    (ids: readonly number[], selected: boolean) => {
      const form = new FormData();
      form.set("intent", selected ? "select" : "unselect");
      form.set("srt", srt);
      for (const id of ids) form.append("listing", String(id));
      sent.current += 1;
      void submit(form, {
        method: "post",
        action: `${pathname}${search}`,
        navigate: false,
        fetcherKey: `${FETCHER_PREFIX}${sent.current}`,
        preventScrollReset: true,
      });
    },
    [submit, pathname, search, srt],
  );

  return {
    count: shownCount,
    isSelected,
    page: selectedHere === 0 ? "none" : selectedHere === pageIds.length ? "all" : "mixed",
    toggle: (id, selected) => send([id], selected),
    togglePage: (selected) => send(pageIds, selected),
  };
}
