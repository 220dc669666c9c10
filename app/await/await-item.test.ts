import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { awaitItem, DEFAULT_AWAIT_TIMEOUT_MS, provideItem } from "./await-item";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("awaitItem", () => {
  it("waits 10000 ms unless told otherwise (docs/product/calls-and-limits.md)", () => {
    expect(DEFAULT_AWAIT_TIMEOUT_MS).toBe(10_000);
  });

  it("resolves at once with an item already provided", async () => {
    const withdraw = provideItem("sellerMenu", { open: true });
    await expect(awaitItem("sellerMenu")).resolves.toEqual({ open: true });
    withdraw();
  });

  it("resolves every waiter when the item is provided later", async () => {
    const first = awaitItem<string>("productSummary-later");
    const second = awaitItem<string>("productSummary-later", 500);
    vi.advanceTimersByTime(400);
    const withdraw = provideItem("productSummary-later", "ready");
    await expect(first).resolves.toBe("ready");
    await expect(second).resolves.toBe("ready");
    vi.advanceTimersByTime(DEFAULT_AWAIT_TIMEOUT_MS);
    withdraw();
  });

  it("rejects with the exact message once the default time-out passes", async () => {
    const timedOut = vi.fn<(error: Error) => void>();
    awaitItem("productSummary").catch(timedOut);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(timedOut).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(timedOut).toHaveBeenCalledOnce();
    expect(timedOut.mock.calls[0]?.[0].message).toBe("Await (productSummary) timed out after 10000ms");
  });

  it("fills in a time-out the caller chose", async () => {
    const waiting = awaitItem("priceChart", 250);
    vi.advanceTimersByTime(250);
    await expect(waiting).rejects.toThrow("Await (priceChart) timed out after 250ms");
  });

  it("does not resolve a wait that has already timed out", async () => {
    const waiting = awaitItem("lateWidget", 100);
    vi.advanceTimersByTime(100);
    await expect(waiting).rejects.toThrow("timed out");
    const withdraw = provideItem("lateWidget", "too late");
    await expect(awaitItem("lateWidget")).resolves.toBe("too late");
    withdraw();
  });

  it("forgets a withdrawn item, so the next wait waits for it again", async () => {
    const element = { id: "summary-frame" };
    provideItem("summaryFrame", element)();
    const waiting = awaitItem("summaryFrame", 100);
    vi.advanceTimersByTime(100);
    await expect(waiting).rejects.toThrow("Await (summaryFrame) timed out after 100ms");
  });

  it("keeps no timer running once the item arrives", async () => {
    const waiting = awaitItem("cleanWidget");
    const withdraw = provideItem("cleanWidget", 1);
    await waiting;
    expect(vi.getTimerCount()).toBe(0);
    withdraw();
  });
});
