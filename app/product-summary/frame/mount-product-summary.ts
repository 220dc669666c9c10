import { recordTracking } from "~/tracking/tracking";
import {
  conditionChangeSchema,
  listenForMessages,
  postMessageTo,
  type ConditionChange,
  type FrameToParentMessage,
  type LoadProductInsightsData,
} from "../frame-messages";
import { insightsDataOf, OPEN_INSIGHTS_SELECTOR, SUMMARY_ELEMENT_ID } from "../summary-dom";

type InsightsData = Omit<LoadProductInsightsData, "contentHeight" | "changeNumber">;

export interface SummaryFrame {
  /** The frame's own window, which shows the summary. */
  window: Window;
  /** The listing detail page's window: the only one it talks to. */
  parent: Window;
  /** The parent's conditionChange that this summary answers; 0 for the one the frame was loaded with. */
  changeNumber: number;
}

/**
 * Runs the product summary shown in the frame: reports its data and content height to the parent
 * (on load, and whenever the height changes), asks the parent to open the product's insights, and
 * on a conditionChange from the parent tears itself down, then hands the change to
 * `onConditionChange`. Every report carries the number of the change it answers, so the parent
 * never takes a report sent before its change arrived for the answer (decision record 058).
 * Messages go to, and come only from, the parent at the hub's own origin. Returns the teardown.
 */
export function mountProductSummary(
  { window, parent, changeNumber }: SummaryFrame,
  onConditionChange: (change: ConditionChange) => void,
): () => void {
  const { document } = window;
  const origin = window.location.origin;
  const summary = document.getElementById(SUMMARY_ELEMENT_ID);
  if (!summary) return () => {};
  const insights = insightsDataOf(summary) as InsightsData;
  const post = (message: FrameToParentMessage) => postMessageTo(parent, message, origin);

  let reportedHeight: number | undefined;
  const reportHeight = () => {
    const contentHeight = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (contentHeight === reportedHeight) return;
    reportedHeight = contentHeight;
    post({ type: "loadProductInsightsData", data: { ...insights, contentHeight, changeNumber } });
  };
  // A ResizeObserver reports once as soon as it observes: that is the report "on load".
  const resizeObserver = new ResizeObserver(reportHeight);
  resizeObserver.observe(document.documentElement);

  const insightsControl = summary.querySelector<HTMLElement>(OPEN_INSIGHTS_SELECTOR);
  const openInsights = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    recordTracking({ eventAction: "openProductInsights", epid: insights.epid });
    post({ type: "openProductInsights", data: { epid: insights.epid } });
  };
  insightsControl?.addEventListener("click", openInsights);

  const stopListening = listenForMessages(window, {
    origin,
    source: () => parent,
    schema: conditionChangeSchema,
    onMessage: ({ data }) => {
      teardown();
      summary.setAttribute("aria-busy", "true");
      onConditionChange(data);
    },
  });

  function teardown() {
    resizeObserver.disconnect();
    insightsControl?.removeEventListener("click", openInsights);
    stopListening();
  }
  return teardown;
}
