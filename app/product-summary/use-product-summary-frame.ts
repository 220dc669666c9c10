import { useEffect, useEffectEvent, useRef, useState, type RefObject } from "react";
import { awaitItem, DEFAULT_AWAIT_TIMEOUT_MS, provideItem } from "~/await/await-item";
import { isListingCondition, isListingStatus } from "~/listings/listing-fields";
import {
  frameToParentSchema,
  listenForMessages,
  postMessageTo,
  type ConditionChange,
  type FrameToParentMessage,
} from "./frame-messages";
import { itemIdAfterChange, productSummaryUrl, type SummaryFilters } from "./summary-filters";

export type SummaryFilterField = "condition" | "status";

export interface ProductSummaryFrameOptions {
  /** The listing whose page frames the summary. */
  listingId: number;
  /** The product of the listing: the only one whose insights the frame may ask for. */
  epid: string;
  /** The filters the frame was first loaded with. */
  initialFilters: SummaryFilters;
  /** Opens the product insights panel. */
  onOpenInsights(): void;
}

export interface ProductSummaryFrame {
  frameRef: RefObject<HTMLIFrameElement | null>;
  filters: SummaryFilters;
  /** True when the frame has not answered its load or the last filter change in time. */
  stalled: boolean;
  /** Applies one filter and gives the filters it leads to. */
  changeFilter(field: SummaryFilterField, value: string): SummaryFilters;
  /** Loads the summary afresh with the current filters, after it stalled. */
  retry(): void;
}

/** The name under which the frame's answer to change `number` is awaited (0: its load). */
const answerOf = (number: number) => `productSummaryAnswer-${number}`;

/** Awaits the frame's answer to change `number`; `onStalled` runs when the wait times out with it still awaited. */
function awaitAnswer(
  awaited: RefObject<number | null>,
  number: number,
  onStalled: () => void,
  timeoutMs = DEFAULT_AWAIT_TIMEOUT_MS,
): void {
  awaited.current = number;
  awaitItem(answerOf(number), timeoutMs).catch(() => {
    if (awaited.current === number) onStalled();
  });
}

/**
 * The listing detail page's side of the product summary frame (docs/product/calls-and-limits.md). It accepts messages
 * only from the frame's window at the hub's origin: loadProductInsightsData resizes the frame to
 * its content and answers the awaited change (the summary's fields are shown in the frame alone:
 * the page showed them a second time, "At a glance", until issue 31); openProductInsights opens the insights panel. A filter
 * change posts a numbered conditionChange to the frame, at the hub's origin only, and awaits the
 * report that answers that number (decision record 058): one sent before the change arrived only
 * resizes. A change made while the frame is busy waits until it answers, so none is lost; a load
 * or change it does not answer within the wait's time-out (docs/product/calls-and-limits.md, 10000 ms: an ended session, a
 * network failure) leaves the frame `stalled` until the seller retries.
 */
export function useProductSummaryFrame({
  listingId,
  epid,
  initialFilters,
  onOpenInsights,
}: ProductSummaryFrameOptions): ProductSummaryFrame {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [filters, setFilters] = useState(initialFilters);
  const [stalled, setStalled] = useState(false);
  /** The change whose answer is awaited, or null when the frame has answered the last one. */
  const awaited = useRef<number | null>(0);
  const lastChange = useRef(0);
  /** A change made while the frame had one unanswered, and when the seller made it. */
  const queued = useRef<{ change: ConditionChange; madeAt: number } | null>(null);

  const stall = () => setStalled(true);

  // The wait runs from the seller's change, not from when it went out: one that waited behind a
  // change answered late is still answered, or said to have failed, within the wait of making it
  // (an end-to-end check saw the message come 10 s after the earlier answer, past its own wait).
  const send = (change: ConditionChange, madeAt = Date.now()) => {
    const frame = frameRef.current?.contentWindow;
    if (!frame || awaited.current !== null) {
      queued.current = { change, madeAt };
      return;
    }
    const number = ++lastChange.current;
    awaitAnswer(awaited, number, stall, Math.max(0, madeAt + DEFAULT_AWAIT_TIMEOUT_MS - Date.now()));
    postMessageTo(
      frame,
      { type: "conditionChange", data: { ...change, changeNumber: number } },
      window.location.origin,
    );
  };

  const receive = useEffectEvent((message: FrameToParentMessage) => {
    if (message.type === "openProductInsights") {
      if (message.data.epid === epid) onOpenInsights();
      return;
    }
    const { contentHeight, changeNumber = 0, ...data } = message.data;
    const frame = frameRef.current;
    // The reported height is the summary document's; the frame's own border sits outside it (with
    // border-box sizing, 2 px that would otherwise scroll inside on systems with classic scrollbars).
    if (frame) frame.style.height = `${contentHeight + frame.offsetHeight - frame.clientHeight}px`;
    // The summary already answered, or this report left before the awaited change reached it.
    if (awaited.current === null || changeNumber < awaited.current) return;
    provideItem(answerOf(awaited.current), data)();
    awaited.current = null;
    setStalled(false);
    const next = queued.current;
    queued.current = null;
    if (next) send(next.change, next.madeAt);
  });

  useEffect(() => {
    awaitAnswer(awaited, 0, () => setStalled(true));
    const stopListening = listenForMessages(window, {
      origin: window.location.origin,
      source: () => frameRef.current?.contentWindow,
      schema: frameToParentSchema,
      onMessage: receive,
    });
    return () => {
      awaited.current = null;
      stopListening();
    };
  }, []);

  /**
   * Applies one filter (docs/product/behaviour.md: a change of anything but the condition lets go of the item), and
   * gives the filters it leads to.
   */
  const changeFilter = (field: SummaryFilterField, value: string): SummaryFilters => {
    const next: SummaryFilters = {
      ...filters,
      ...(field === "condition"
        ? { condition: isListingCondition(value) ? value : undefined }
        : { status: isListingStatus(value) ? value : undefined }),
      itemId: itemIdAfterChange(field, filters.itemId),
    };
    setFilters(next);
    send({
      fieldChanged: field,
      itemId: filters.itemId ? String(filters.itemId) : "",
      condition: next.condition ?? "",
      status: next.status ?? "",
    });
    return next;
  };

  const retry = () => {
    const frame = frameRef.current;
    if (!frame) return;
    // A fresh document answers as a load does (0); whatever was queued is in `filters` already.
    queued.current = null;
    setStalled(false);
    awaitAnswer(awaited, 0, stall);
    frame.src = productSummaryUrl(listingId, filters);
    // The seller's Try again button goes away with the message: the summary it reloads takes focus.
    frame.focus();
  };

  return { frameRef, filters, stalled, changeFilter, retry };
}
