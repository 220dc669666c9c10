import { useCallback, useEffect, useRef, useState } from "react";
import { useFetchers, useLocation, useRevalidator, useSubmit } from "react-router";
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
  /** Resolves once every tick sent so far has been answered (or has failed). */
  saved(): Promise<void>;
}

const FETCHER_PREFIX = "listing-selection-";

/**
 * The listings page's selection with JavaScript. A tick is shown in the same moment as the click
 * (local state, set inside the event: a controlled checkbox whose value changed only with the
 * fetcher's state a render later reverted inside the event, and test tools and some assistive
 * technology read that as "the click did nothing"), and sent without navigating (a fetcher).
 *
 * Ticks are sent one after another, never together: two requests at once may reach two server
 * processes and be applied in either order, so a quick tick and untick could leave the listing
 * selected. Until the page's data comes back with them, the ticks on their way are laid over what
 * the server said, so the checkboxes and the count never wait on the network.
 *
 * A tick's answer does not make the router load every page's data again, as a fetcher's would: a
 * seller who ticks and moves on at once (Change prices, then Preview) would have that reload land
 * in the middle of their navigation, and React Router then completed the reload's page instead,
 * dropping the preview they asked for (an end-to-end journey on a 350 ms network caught it). The
 * listings page asks for its data again itself once the newest tick is answered, and only while it
 * is still shown; a page the seller has moved on to reads the selection when it loads.
 */
export function useListingSelection({ pageIds, selectedOnPage, count, srt }: ListingSelectionInput): ListingSelection {
  const submit = useSubmit();
  const { revalidate } = useRevalidator();
  const { pathname, search } = useLocation();
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const fetchers = useFetchers();
  const sent = useRef(0);
  const queue = useRef<Promise<void>>(Promise.resolve());
  /** Ticks not yet answered, newest last: what the seller did, whatever the server has seen of it. */
  const [waiting, setWaiting] = useState<ReadonlyMap<number, boolean>>(() => new Map());

  const saved = new Set(selectedOnPage);
  const pending = new Map<number, boolean>();
  // On their way: a fetcher holds its tick until the answer is back.
  for (const fetcher of fetchers) {
    if (!fetcher.key.startsWith(FETCHER_PREFIX) || !fetcher.formData) continue;
    const selected = (fetcher.formData.get("intent") as SelectionIntent) === "select";
    for (const id of fetcher.formData.getAll("listing")) pending.set(Number(id), selected);
  }
  for (const [id, selected] of waiting) pending.set(id, selected);
  let shownCount = count;
  for (const [id, selected] of pending) {
    if (selected && !saved.has(id)) shownCount += 1;
    if (!selected && saved.has(id)) shownCount -= 1;
  }
  const isSelected = (id: number) => pending.get(id) ?? saved.has(id);
  const selectedHere = pageIds.filter(isSelected).length;

  const send = useCallback(
    (ids: readonly number[], selected: boolean) => {
      setWaiting((before) => new Map([...before, ...ids.map((id): [number, boolean] => [id, selected])]));
      const form = new FormData();
      form.set("intent", selected ? "select" : "unselect");
      form.set("srt", srt);
      for (const id of ids) form.append("listing", String(id));
      const number = ++sent.current;
      const answered = queue.current.then(() =>
        submit(form, {
          method: "post",
          action: `${pathname}${search}`,
          navigate: false,
          fetcherKey: `${FETCHER_PREFIX}${number}`,
          preventScrollReset: true,
          defaultShouldRevalidate: false,
        }),
      );
      // A request that fails (the network gone) must not stop the ones after it.
      queue.current = answered.catch(() => undefined);
      void queue.current.then(async () => {
        // The newest tick is answered: once the page's data is back with it, the data says it.
        if (sent.current !== number || !shown.current) return;
        await revalidate();
        if (sent.current === number) setWaiting(new Map());
      });
    },
    [submit, revalidate, pathname, search, srt],
  );

  return {
    count: shownCount,
    isSelected,
    page: selectedHere === 0 ? "none" : selectedHere === pageIds.length ? "all" : "mixed",
    toggle: (id, selected) => send([id], selected),
    togglePage: (selected) => send(pageIds, selected),
    saved: () => queue.current,
  };
}
