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
  vi.spyOn(iframe.contentWindow as Window, "postMessage").mockImplementation(((message: unknown, origin: string) =>
    void posted.push([message, origin])) as Window["postMessage"]);
});

afterEach(() => document.body.replaceChildren());

function renderFrame(onOpenInsights = vi.fn<() => void>()) {
  const hook = renderHook(() => useProductSummaryFrame({ epid: EPID, initialFilters: { itemId: 42 }, onOpenInsights }));
  hook.result.current.frameRef.current = iframe;
  const fromFrame = (data: unknown, origin = ORIGIN, source: Window = iframe.contentWindow as Window) =>
    act(() => void window.dispatchEvent(new MessageEvent("message", { data, origin, source })));
  const report = (contentHeight = 300) => fromFrame({ type: "loadProductInsightsData", data: { ...REPORT, contentHeight } });
  return { hook, fromFrame, report, onOpenInsights };
}

describe("useProductSummaryFrame", () => {
  it("resizes the frame to the summary's content height and keeps what it reported", () => {
    const { hook, report } = renderFrame();
    report(312);
    expect(iframe.style.height).toBe("312px");
    expect(hook.result.current.insights).toEqual(REPORT);
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
    const { hook, fromFrame, onOpenInsights } = renderFrame();
    const report = { type: "loadProductInsightsData", data: { ...REPORT, contentHeight: 5 } };
    fromFrame(report, "https://attacker.example");
    fromFrame(report, ORIGIN, window);
    fromFrame({ ...report, data: { ...report.data, contentHeight: "5px" } });
    fromFrame({ type: "openProductInsights", data: { epid: EPID } }, "https://attacker.example");
    expect(iframe.style.height).toBe("");
    expect(hook.result.current.insights).toBeNull();
    expect(onOpenInsights).not.toHaveBeenCalled();
  });

  it("posts a condition change to the frame at the hub's origin, keeping the item", () => {
    const { hook, report } = renderFrame();
    report();
    act(() => hook.result.current.changeFilter("condition", "used"));
    expect(posted).toEqual([[{ type: "conditionChange", data: { fieldChanged: "condition", itemId: "42", condition: "used", status: "" } }, ORIGIN]]);
    expect(hook.result.current.filters).toEqual({ itemId: 42, condition: "used" });
  });

  it("lets go of the item after a change of anything but the condition (spec §5)", () => {
    const { hook, report } = renderFrame();
    report();
    act(() => hook.result.current.changeFilter("status", "ended"));
    expect(hook.result.current.filters).toEqual({ status: "ended", itemId: undefined });
    report();
    act(() => hook.result.current.changeFilter("condition", "new"));
    expect(posted.map(([message]) => (message as { data: unknown }).data)).toEqual([
      { fieldChanged: "status", itemId: "42", condition: "", status: "ended" },
      { fieldChanged: "condition", itemId: "", condition: "new", status: "ended" },
    ]);
  });

  it("holds a change made while the frame loads until it reports, then sends the latest one", () => {
    const { hook, report } = renderFrame();
    act(() => hook.result.current.changeFilter("condition", "used"));
    act(() => hook.result.current.changeFilter("condition", "new"));
    expect(posted).toEqual([]);
    report();
    expect(posted).toEqual([[{ type: "conditionChange", data: { fieldChanged: "condition", itemId: "42", condition: "new", status: "" } }, ORIGIN]]);

    // Reloading after that change: the next one waits for the frame's next report.
    act(() => hook.result.current.changeFilter("status", "active"));
    expect(posted).toHaveLength(1);
    report();
    expect(posted).toHaveLength(2);
  });
});
