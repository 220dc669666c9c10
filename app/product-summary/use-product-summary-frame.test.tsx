import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useProductSummaryFrame } from "./use-product-summary-frame";

const ORIGIN = window.location.origin;
const EPID = "1200876543";
const REPORT = { listingId: "42", epid: EPID, displayPrice: "$129.99", additionalPrice: "", logisticsCost: "Free" };

let iframe: HTMLIFrameElement;
let posted: Array<[unknown, string]>;

beforeEach(() => {
  iframe = document.createElement("iframe");
  document.body.append(iframe);
  posted = [];
  recordPostsToFrame();
});

/** Records what the page posts to the frame's window (a new one after the frame navigates). */
function recordPostsToFrame() {
  vi.spyOn(iframe.contentWindow as Window, "postMessage").mockImplementation(
    ((message: unknown, origin: string) => void posted.push([message, origin])) as Window["postMessage"],
  );
}

afterEach(() => document.body.replaceChildren());

function renderFrame(onOpenInsights = vi.fn<() => void>()) {
  const hook = renderHook(() =>
    useProductSummaryFrame({ listingId: 42, epid: EPID, initialFilters: { itemId: 42 }, onOpenInsights }),
  );
  hook.result.current.frameRef.current = iframe;
  const fromFrame = (data: unknown, origin = ORIGIN, source: Window = iframe.contentWindow as Window) =>
    act(() => void window.dispatchEvent(new MessageEvent("message", { data, origin, source })));
  /** A report of the summary that answers the parent's change `changeNumber` (0: the one loaded first). */
  const report = (contentHeight = 300, changeNumber = 0) =>
    fromFrame({ type: "loadProductInsightsData", data: { ...REPORT, contentHeight, changeNumber } });
  return { hook, fromFrame, report, onOpenInsights };
}

describe("useProductSummaryFrame", () => {
  it("resizes the frame to the summary's content height", () => {
    const { report } = renderFrame();
    report(312);
    expect(iframe.style.height).toBe("312px");
    report(280);
    expect(iframe.style.height).toBe("280px");
  });

  it("opens the insights panel when the frame asks, for the listing's product only", () => {
    const { fromFrame, onOpenInsights } = renderFrame();
    fromFrame({ type: "openProductInsights", data: { epid: "9999999999" } });
    expect(onOpenInsights).not.toHaveBeenCalled();
    fromFrame({ type: "openProductInsights", data: { epid: EPID } });
    expect(onOpenInsights).toHaveBeenCalledOnce();
  });

  it("ignores messages from another origin, from another window, or of the wrong shape", () => {
    const { fromFrame, onOpenInsights } = renderFrame();
    const report = { type: "loadProductInsightsData", data: { ...REPORT, contentHeight: 5 } };
    fromFrame(report, "https://attacker.example");
    fromFrame(report, ORIGIN, window);
    fromFrame({ ...report, data: { ...report.data, contentHeight: "5px" } });
    fromFrame({ type: "openProductInsights", data: { epid: EPID } }, "https://attacker.example");
    expect(iframe.style.height).toBe("");
    expect(onOpenInsights).not.toHaveBeenCalled();
  });

  it("posts a condition change to the frame at the hub's origin, keeping the item", () => {
    const { hook, report } = renderFrame();
    report();
    act(() => hook.result.current.changeFilter("condition", "used"));
    expect(posted).toEqual([
      [
        {
          type: "conditionChange",
          data: { fieldChanged: "condition", itemId: "42", condition: "used", status: "", changeNumber: 1 },
        },
        ORIGIN,
      ],
    ]);
    expect(hook.result.current.filters).toEqual({ itemId: 42, condition: "used" });
  });

  it("lets go of the item after a change of anything but the condition (docs/product/behaviour.md)", () => {
    const { hook, report } = renderFrame();
    report();
    act(() => hook.result.current.changeFilter("status", "ended"));
    expect(hook.result.current.filters).toEqual({ status: "ended", itemId: undefined });
    report(300, 1);
    act(() => hook.result.current.changeFilter("condition", "new"));
    expect(posted.map(([message]) => (message as { data: unknown }).data)).toEqual([
      { fieldChanged: "status", itemId: "42", condition: "", status: "ended", changeNumber: 1 },
      { fieldChanged: "condition", itemId: "", condition: "new", status: "ended", changeNumber: 2 },
    ]);
  });

  it("holds a change made while the frame loads until it reports, then sends the latest one", () => {
    const { hook, report } = renderFrame();
    act(() => hook.result.current.changeFilter("condition", "used"));
    act(() => hook.result.current.changeFilter("condition", "new"));
    expect(posted).toEqual([]);
    report();
    expect(posted).toEqual([
      [
        {
          type: "conditionChange",
          data: { fieldChanged: "condition", itemId: "42", condition: "new", status: "", changeNumber: 1 },
        },
        ORIGIN,
      ],
    ]);

    // Reloading after that change: the next one waits for the frame's answer to it.
    act(() => hook.result.current.changeFilter("status", "active"));
    expect(posted).toHaveLength(1);
    report(300, 1);
    expect(posted).toHaveLength(2);
  });

  it("does not take a report that left the frame before the change arrived for the change's answer", () => {
    const { hook, report } = renderFrame();
    report(300);
    act(() => hook.result.current.changeFilter("condition", "used"));
    // A resize report of the summary loaded first, crossing the change on its way.
    report(320, 0);
    expect(iframe.style.height).toBe("320px");
    act(() => hook.result.current.changeFilter("condition", "new"));
    expect(posted).toHaveLength(1);
    report(310, 1);
    expect(posted.map(([message]) => (message as { data: { changeNumber: number } }).data.changeNumber)).toEqual([
      1, 2,
    ]);
  });
});

describe("useProductSummaryFrame when the frame does not answer", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("stalls after the wait's time-out (10000 ms) with a change unanswered, then loads afresh with the current filters on retry", async () => {
    const { hook, report } = renderFrame();
    report();
    act(() => hook.result.current.changeFilter("condition", "used"));
    act(() => hook.result.current.changeFilter("status", "ended"));
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(hook.result.current.stalled).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(hook.result.current.stalled).toBe(true);

    act(() => hook.result.current.retry());
    expect(hook.result.current.stalled).toBe(false);
    expect(iframe.getAttribute("src")).toBe("/sh/prod-summary?listingId=42&condition=used&status=ended");
    expect(document.activeElement).toBe(iframe);
    recordPostsToFrame();
    // The fresh document's first report answers the retry; the queued change is not sent on top of it.
    report();
    expect(posted).toHaveLength(1);
    act(() => hook.result.current.changeFilter("condition", "new"));
    expect(posted).toHaveLength(2);
  });

  it("stalls when the frame never reports at all, and an answer that comes late clears it", async () => {
    const { hook, report } = renderFrame();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(hook.result.current.stalled).toBe(true);
    report();
    expect(hook.result.current.stalled).toBe(false);
  });

  it("tells the seller within the wait of their change, also when it waited behind a change answered late", async () => {
    const { hook, report } = renderFrame();
    report();
    act(() => hook.result.current.changeFilter("status", "ended"));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    // Made while the first is unanswered: it waits for that one.
    act(() => hook.result.current.changeFilter("condition", "used"));
    await act(() => vi.advanceTimersByTimeAsync(8_000));
    // The first is answered late; the second goes out, and its frame never answers (the network went).
    report(300, 1);
    expect(posted).toHaveLength(2);
    // 10,000 ms after the seller made it (at 1,000 ms), not after it went out (at 9,000 ms).
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(hook.result.current.stalled).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(hook.result.current.stalled).toBe(true);
  });
});
