import { useText } from "~/i18n/text";
import type { Ref } from "react";
import { useHydrated } from "../../../components/use-hydrated";

export interface ProductSummaryFrameProps {
  /** The embedded product summary's address (productSummaryUrl). */
  src: string;
  /** The frame element, for its messages and its height. */
  ref: Ref<HTMLIFrameElement>;
  /** The frame has not answered its load or the last filter change in time: say so, offer a retry. */
  stalled?: boolean;
  /** Loads the summary afresh (shown with the stalled message). */
  onRetry?(): void;
}

/**
 * The product summary in its frame, and what to do when it does not answer. The frame
 * loads once the page listens for its messages (after hydration), so its first report is never
 * lost; without JavaScript it loads at once, from the noscript fallback.
 */
export function ProductSummaryFrame({ src, ref, stalled = false, onRetry }: ProductSummaryFrameProps) {
  const listening = useHydrated();
  const text = useText();
  // The hub's own page, same-origin by design: messages are checked against that exact origin, and it reloads
  // itself with the seller's session. A sandbox would need allow-scripts and allow-same-origin, which cancel it.
  const frame = (
    // oxlint-disable-next-line react/iframe-missing-sandbox
    <iframe ref={ref} src={src} title={text("summary.frame.title")} className="product-summary-frame__frame" />
  );
  return (
    <div className="product-summary-frame">
      {stalled && (
        <div className="product-summary-frame__stalled" role="alert">
          <p className="form-error">{text("summary.frame.stalled")}</p>
          <button type="button" className="button" onClick={onRetry}>
            {text("summary.frame.retry")}
          </button>
        </div>
      )}
      {listening ? frame : <noscript>{frame}</noscript>}
    </div>
  );
}
