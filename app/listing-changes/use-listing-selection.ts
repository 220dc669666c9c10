import { useCallback, useEffect, useRef, useState } from "react";
import { useCommitted } from "~/components/use-committed";
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

/** The seller's ticks that the page's data may not say yet. */
interface Ticks {
  /** What the seller did, by listing, whatever the server has seen of it. */
  made: ReadonlyMap<number, boolean>;
  /**
   * Once the newest tick is answered and the page's data loaded again with it: the data drawn
   * then (its selected listings, by identity: each load brings a new array). They are shown over
   * that data alone; the newer data says them itself.
   */
  madeOn?: readonly number[];
}

const NO_TICKS: Ticks = { made: new Map() };

/** The ticks to lay over the data drawn now. */
function ticksOver({ made, madeOn }: Ticks, selectedOnPage: readonly number[]): ReadonlyMap<number, boolean> {
  return madeOn === undefined || madeOn === selectedOnPage ? made : NO_TICKS.made;
}

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
 * The ticks stay laid over the data drawn until newer data is drawn. React Router draws its data
 * in a transition, which React may draw after more urgent updates: ticks dropped as soon as the
 * new data had arrived were drawn away over the old data first, and the seller saw a tick undone
 * and done again, the count fall and rise, and "Change prices" vanish for a moment (on a slow
 * processor, for a tenth of a second and more: the end-to-end test at 4x CPU throttling, and a CI
 * run whose click met the gap). Dropping them in a transition of our own is no cure: React 19.3
 * draws each transition's lane apart (`getHighestPriorityLanes` takes the lowest alone), and that
 * test still saw the gap in three runs of five; with the ticks over the drawn data, none in ten.
 * One gap is left: a reload begun before the newest tick was answered, and still not drawn when
 * the reload after it has loaded, is drawn without that tick. A version of the selection, kept
 * with the session and said by its loads and answers, would close it (decision 054).
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
  const [ticks, setTicks] = useState<Ticks>(NO_TICKS);
  // The data drawn last.
  const drawnData = useCommitted(selectedOnPage);

  const saved = new Set(selectedOnPage);
  const pending = new Map<number, boolean>();
  // On their way: a fetcher holds its tick until the answer is back.
  for (const fetcher of fetchers) {
    if (!fetcher.key.startsWith(FETCHER_PREFIX) || !fetcher.formData) continue;
    const selected = (fetcher.formData.get("intent") as SelectionIntent) === "select";
    for (const id of fetcher.formData.getAll("listing")) pending.set(Number(id), selected);
  }
  for (const [id, selected] of ticksOver(ticks, selectedOnPage)) pending.set(id, selected);
  let shownCount = count;
  for (const [id, selected] of pending) {
    if (selected && !saved.has(id)) shownCount += 1;
    if (!selected && saved.has(id)) shownCount -= 1;
  }
  const isSelected = (id: number) => pending.get(id) ?? saved.has(id);
  const selectedHere = pageIds.filter(isSelected).length;

  const send = useCallback(
    (ids: readonly number[], selected: boolean, shownOver: readonly number[]) => {
      setTicks((before) => ({
        made: new Map([...ticksOver(before, shownOver), ...ids.map((id): [number, boolean] => [id, selected])]),
      }));
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
        // Laid over the data drawn now, read once the data with every tick is loaded: an older
        // load still being drawn when the tick was answered is drawn by now, most often.
        if (sent.current === number) setTicks(({ made }) => ({ made, madeOn: drawnData.current }));
      });
    },
    [submit, revalidate, pathname, search, srt, drawnData],
  );

  return {
    count: shownCount,
    isSelected,
    page: selectedHere === 0 ? "none" : selectedHere === pageIds.length ? "all" : "mixed",
    toggle: (id, selected) => send([id], selected, selectedOnPage),
    togglePage: (selected) => send(pageIds, selected, selectedOnPage),
    saved: () => queue.current,
  };
}
