import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LISTINGS_TOOL } from "~/opt-out/opt-out.server";
import { optOutViewModel } from "~/opt-out/opt-out-view-model.server";
import OptOutDialog from "./OptOutDialog";

const MODEL = optOutViewModel(LISTINGS_TOOL, { username: "demo", site: "EBAY_US" }, new Request("http://hub.test/sh/lst/active"));

/** A fetch whose answer the test gives when it likes. */
function deferredFetch() {
  let answer: (response: Response) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const fetch = vi.fn<typeof globalThis.fetch>(() => new Promise<Response>((resolve, reject) => ((answer = resolve), (fail = reject))));
  vi.stubGlobal("fetch", fetch);
  return { fetch, answer: (response: Response) => act(async () => answer(response)), fail: (error: Error) => act(async () => fail(error)) };
}

function renderDialog(model = MODEL) {
  const onClose = vi.fn<() => void>();
  render(<OptOutDialog model={model} srt="session-token" onClose={onClose} />);
  return { onClose, switchButton: screen.getByRole("button", { name: "Switch" }) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("OptOutDialog asking", () => {
  it("asks its question, named by the header and described by the body", () => {
    renderDialog();
    const dialog = screen.getByRole("dialog", { name: MODEL.optOutInfo.header });
    expect(dialog).toHaveAccessibleDescription(MODEL.optOutInfo.body);
    expect(screen.getByRole("button", { name: "Cancel" })).toBeVisible();
  });

  it("moves focus in 10 ms after opening (spec §9)", () => {
    const { switchButton } = renderDialog();
    act(() => vi.advanceTimersByTime(9));
    expect(switchButton).not.toHaveFocus();
    act(() => vi.advanceTimersByTime(1));
    expect(switchButton).toHaveFocus();
  });

  it("closes from Cancel", () => {
    const { onClose } = renderDialog();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe("OptOutDialog switching", () => {
  it("POSTs the session's token as JSON to the model's opt-out URL, with a 5000 ms time-out", async () => {
    const timeout = vi.spyOn(AbortSignal, "timeout");
    const { fetch, answer } = deferredFetch();
    const { switchButton } = renderDialog({ ...MODEL, optOutUrl: "/elsewhere/optout" });
    fireEvent.click(switchButton);
    await answer(new Response(null, { status: 204 }));
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/elsewhere/optout");
    expect(init).toMatchObject({ method: "POST", body: JSON.stringify({ srt: "session-token" }), headers: { "Content-Type": "application/json" } });
    expect(timeout).toHaveBeenCalledWith(5000);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("disables the switch button while the request runs", async () => {
    const { fetch, answer } = deferredFetch();
    const { switchButton } = renderDialog();
    fireEvent.click(switchButton);
    expect(switchButton).toBeDisabled();
    fireEvent.click(switchButton);
    await answer(new Response(null, { status: 204 }));
    expect(fetch).toHaveBeenCalledOnce();
  });

  it("on success offers the previous tool and the feedback link, with focus on the previous tool", async () => {
    const { answer } = deferredFetch();
    const { switchButton } = renderDialog();
    fireEvent.click(switchButton);
    await answer(new Response("ignored", { status: 200 }));
    expect(screen.getByRole("dialog", { name: MODEL.optOutSuccess.header })).toBeVisible();
    const previousTool = screen.getByRole("link", { name: "Go to the previous tool" });
    expect(previousTool).toHaveAttribute("href", "/sh/ovw");
    expect(previousTool).toHaveFocus();
    expect(screen.getByRole("link", { name: "Tell us why you switched" }).getAttribute("href")).toMatch(/^mailto:/);
    expect(screen.getByRole("status")).toHaveTextContent(MODEL.optOutSuccess.header);
  });

  it.each([
    ["an error status", (control: ReturnType<typeof deferredFetch>) => control.answer(new Response(null, { status: 500 }))],
    ["a failed or timed-out request", (control: ReturnType<typeof deferredFetch>) => control.fail(new DOMException("The operation timed out.", "TimeoutError"))],
  ])("on %s shows the error view, whose primary button closes the dialog", async (_, settle) => {
    const control = deferredFetch();
    const { switchButton, onClose } = renderDialog();
    fireEvent.click(switchButton);
    await settle(control);
    expect(screen.getByRole("dialog", { name: MODEL.optOutFailed.header })).toHaveAccessibleDescription(MODEL.optOutFailed.body);
    const close = screen.getByRole("button", { name: "Close" });
    expect(close).toHaveFocus();
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledOnce();
  });
});
