import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProductSummary } from "~/product-summary/components/product-summary/ProductSummary";
import { TRACKING_EVENT, type TrackingEvent } from "~/tracking/tracking";
import { KINDLE_SUMMARY as SUMMARY } from "../../../test/product-summary";
import { mountProductSummary } from "./mount-product-summary";

/** Stands in for the browser's ResizeObserver, which jsdom lacks; `resize` plays a layout change. */
class FakeResizeObserver {
  static current: FakeResizeObserver | undefined;
  observed = false;
  private readonly callback: () => void;
  constructor(callback: () => void) {
    this.callback = callback;
    FakeResizeObserver.current = this;
  }
  observe() {
    this.observed = true;
  }
  disconnect() {
    this.observed = false;
  }
  resize() {
    if (this.observed) this.callback();
  }
}

/** The test's window plays the frame; an iframe's window plays the listing detail page around it. */
let parent: Window;
let height = 320;
let posted: Array<[unknown, string]>;
const ORIGIN = window.location.origin;

beforeEach(() => {
  vi.stubGlobal("ResizeObserver", FakeResizeObserver);
  height = 320;
  document.body.innerHTML = renderToStaticMarkup(<ProductSummary summary={SUMMARY} />);
  vi.spyOn(document.documentElement, "getBoundingClientRect").mockImplementation(() => ({ height }) as DOMRect);
  const element = document.createElement("iframe");
  document.body.append(element);
  parent = element.contentWindow as Window;
  posted = [];
  vi.spyOn(parent, "postMessage").mockImplementation(
    ((message: unknown, origin: string) => void posted.push([message, origin])) as typeof window.postMessage,
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

const mount = (onConditionChange: Parameters<typeof mountProductSummary>[1] = () => {}, changeNumber = 0) =>
  mountProductSummary({ window, parent, changeNumber }, onConditionChange);
const fromParent = (data: unknown, origin = ORIGIN, source: Window = parent) =>
  window.dispatchEvent(new MessageEvent("message", { data, origin, source }));
const summaryElement = () => document.getElementById("product-summary");
const insightsControl = () => document.querySelector<HTMLAnchorElement>("a[data-open-product-insights]");
const CONDITION_CHANGE = {
  type: "conditionChange",
  data: { fieldChanged: "status", itemId: "42", condition: "", status: "ended" },
};

describe("mountProductSummary", () => {
  it("reports its data and content height to the parent at the hub's origin, then again only when the height changes", () => {
    mount();
    FakeResizeObserver.current?.resize();
    FakeResizeObserver.current?.resize();
    height = 410;
    FakeResizeObserver.current?.resize();
    expect(posted).toEqual([
      [
        { type: "loadProductInsightsData", data: { ...SUMMARY.insightsData, contentHeight: 320, changeNumber: 0 } },
        ORIGIN,
      ],
      [
        { type: "loadProductInsightsData", data: { ...SUMMARY.insightsData, contentHeight: 410, changeNumber: 0 } },
        ORIGIN,
      ],
    ]);
  });

  it("says in every report which of the parent's changes the summary answers", () => {
    mount(() => {}, 7);
    FakeResizeObserver.current?.resize();
    expect(posted).toEqual([
      [
        { type: "loadProductInsightsData", data: { ...SUMMARY.insightsData, contentHeight: 320, changeNumber: 7 } },
        ORIGIN,
      ],
    ]);
  });

  it("asks the parent to open the product's insights, tracked under the summary's page name", () => {
    const tracked: TrackingEvent[] = [];
    const track = (event: Event) => tracked.push((event as CustomEvent<TrackingEvent>).detail);
    window.addEventListener(TRACKING_EVENT, track);
    document.documentElement.dataset.pageName = "sellerHubProductSummary";
    mount();

    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    insightsControl()?.dispatchEvent(click);
    window.removeEventListener(TRACKING_EVENT, track);

    expect(click.defaultPrevented).toBe(true);
    expect(posted).toEqual([[{ type: "openProductInsights", data: { epid: "1200876543" } }, ORIGIN]]);
    expect(tracked).toEqual([
      expect.objectContaining({ eventAction: "openProductInsights", pageName: "sellerHubProductSummary" }),
    ]);
  });

  it("leaves a click that asks for a new tab to the browser", () => {
    mount();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    insightsControl()?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(posted).toEqual([]);
  });

  it("on a conditionChange from its parent tears itself down, then hands the change on", () => {
    const changed = vi.fn<(change: unknown) => void>();
    mount(changed);
    fromParent(CONDITION_CHANGE);
    expect(changed).toHaveBeenCalledExactlyOnceWith(CONDITION_CHANGE.data);
    expect(summaryElement()).toHaveAttribute("aria-busy", "true");

    // Torn down: no more reports, clicks or messages.
    FakeResizeObserver.current?.resize();
    insightsControl()?.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    fromParent(CONDITION_CHANGE);
    expect(posted).toEqual([]);
    expect(changed).toHaveBeenCalledOnce();
  });

  it("ignores a conditionChange from another origin, from another window, or of the wrong shape", () => {
    const changed = vi.fn<(change: unknown) => void>();
    mount(changed);
    fromParent(CONDITION_CHANGE, "https://attacker.example");
    fromParent(CONDITION_CHANGE, ORIGIN, window);
    fromParent({ ...CONDITION_CHANGE, data: { ...CONDITION_CHANGE.data, status: "sold" } });
    expect(changed).not.toHaveBeenCalled();
    expect(summaryElement()).not.toHaveAttribute("aria-busy");
  });

  it("the returned teardown stops everything", () => {
    const changed = vi.fn<(change: unknown) => void>();
    const teardown = mount(changed);
    teardown();
    FakeResizeObserver.current?.resize();
    fromParent(CONDITION_CHANGE);
    expect(posted).toEqual([]);
    expect(changed).not.toHaveBeenCalled();
  });
});
