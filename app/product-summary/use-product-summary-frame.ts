import { useEffect, useEffectEvent, useRef, useState } from "react";
import { isListingCondition, isListingStatus } from "~/listings/listing-fields";
import { frameToParentSchema, listenForMessages, postMessageTo, type ConditionChange, type FrameToParentMessage, type LoadProductInsightsData } from "./frame-messages";
import { itemIdAfterChange, type SummaryFilters } from "./summary-filters";

export type InsightsData = Omit<LoadProductInsightsData, "contentHeight">;
export type SummaryFilterField = "condition" | "status";

export interface ProductSummaryFrameOptions {
  /** The product of the listing: the only one whose insights the frame may ask for. */
  epid: string;
  /** The filters the frame was first loaded with. */
  initialFilters: SummaryFilters;
  /** Opens the product insights panel. */
  onOpenInsights(): void;
}

/**
 * The listing detail page's side of the product summary frame (spec §7). It accepts messages
 * only from the frame's window at the hub's origin: loadProductInsightsData resizes the frame to
 * its content and fills the insights area; openProductInsights opens the insights panel. A filter
 * change posts conditionChange to the frame, at the hub's origin only; a change made while the
 * frame reloads waits until it reports again, so none is lost.
 */
export function useProductSummaryFrame({ epid, initialFilters, onOpenInsights }: ProductSummaryFrameOptions) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [filters, setFilters] = useState(initialFilters);
  const [insights, setInsights] = useState<InsightsData | null>(null);
  const frameReady = useRef(false);
  const waiting = useRef<ConditionChange | null>(null);

  const send = (change: ConditionChange) => {
    const frame = frameRef.current?.contentWindow;
    if (!frame || !frameReady.current) {
      waiting.current = change;
      return;
    }
    frameReady.current = false;
    postMessageTo(frame, { type: "conditionChange", data: change }, window.location.origin);
  };

  const receive = useEffectEvent((message: FrameToParentMessage) => {
    if (message.type === "openProductInsights") {
      if (message.data.epid === epid) onOpenInsights();
      return;
    }
    const { contentHeight, ...data } = message.data;
    const frame = frameRef.current;
    // The reported height is the summary document's; the frame's own border sits outside it (with
    // border-box sizing, 2 px that would otherwise scroll inside on systems with classic scrollbars).
    if (frame) frame.style.height = `${contentHeight + frame.offsetHeight - frame.clientHeight}px`;
    setInsights(data);
    frameReady.current = true;
    const next = waiting.current;
    waiting.current = null;
    if (next) send(next);
  });

  useEffect(
    () =>
      listenForMessages(window, {
        origin: window.location.origin,
        source: () => frameRef.current?.contentWindow,
        schema: frameToParentSchema,
        onMessage: receive,
      }),
    [],
  );

  /**
   * Applies one filter (spec §5: a change of anything but the condition lets go of the item), and
   * gives the filters it leads to.
   */
  const changeFilter = (field: SummaryFilterField, value: string): SummaryFilters => {
    const next: SummaryFilters = {
      ...filters,
      ...(field === "condition" ? { condition: isListingCondition(value) ? value : undefined } : { status: isListingStatus(value) ? value : undefined }),
      itemId: itemIdAfterChange(field, filters.itemId),
    };
    setFilters(next);
    send({ fieldChanged: field, itemId: filters.itemId ? String(filters.itemId) : "", condition: next.condition ?? "", status: next.status ?? "" });
    return next;
  };

  return { frameRef, filters, insights, changeFilter };
}
