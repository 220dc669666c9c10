import { textOfLanguage } from "~/i18n/catalogues.server";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LISTINGS_TOOL } from "~/opt-out/opt-out.server";
import { optOutViewModel } from "~/opt-out/opt-out-view-model.server";
import OptOutDialog from "./OptOutDialog";

const MODEL = optOutViewModel(
  LISTINGS_TOOL,
  { username: "demo", site: "EBAY_US" },
  new Request("http://hub.test/sh/lst/active"),
  textOfLanguage("en-US").text,
);

/** A fetch whose answer the test gives when it likes. */
function deferredFetch() {
  let answer: (response: Response) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const fetch = vi.fn<typeof globalThis.fetch>(
    () => new Promise<Response>((resolve, reject) => ((answer = resolve), (fail = reject))),
  );
  vi.stubGlobal("fetch", fetch);
  return {
    fetch,
    answer: (response: Response) => act(async () => answer(response)),
    fail: (error: Error) => act(async () => fail(error)),
  };
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

  it("moves focus in 10 ms after opening (docs/product/calls-and-limits.md)", () => {
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
    expect(init).toMatchObject({
      method: "POST",
      body: JSON.stringify({ srt: "session-token" }),
      headers: { "Content-Type": "application/json" },
    });
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

  it("while the request runs, says it is switching, and neither Cancel, the cross nor Escape can close it", async () => {
    const { answer } = deferredFetch();
    const { switchButton, onClose } = renderDialog();
    fireEvent.click(switchButton);
    expect(screen.getByRole("status")).toHaveTextContent(MODEL.optOutSwitching.text);
    expect(screen.getByRole("button", { name: "Cancel" })).toBeDisabled();
    expect(screen.getByRole("button", { name: MODEL.cancelOptout.text })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape", keyCode: 27 });
    expect(onClose).not.toHaveBeenCalled();
    await answer(new Response(null, { status: 204 }));
    expect(screen.getByRole("dialog", { name: MODEL.optOutSuccess.header })).toBeVisible();
    expect(screen.getByRole("button", { name: MODEL.cancelOptout.text })).toBeEnabled();
  });

  it("on an error status says the choice was not saved, and its primary button closes the dialog", async () => {
    const { answer } = deferredFetch();
    const { switchButton, onClose } = renderDialog();
    fireEvent.click(switchButton);
    await answer(new Response(null, { status: 500 }));
    expect(screen.getByRole("dialog", { name: MODEL.optOutFailed.header })).toHaveAccessibleDescription(
      MODEL.optOutFailed.body,
    );
    const close = screen.getByRole("button", { name: "Close" });
    expect(close).toHaveFocus();
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it.each([
    ["a time-out", new DOMException("The operation timed out.", "TimeoutError")],
    ["a lost connection", new TypeError("Failed to fetch")],
  ])("after %s says the choice could not be confirmed, not that it was not saved", async (_, error) => {
    const { fail } = deferredFetch();
    const { switchButton, onClose } = renderDialog();
    fireEvent.click(switchButton);
    await fail(error);
    const dialog = screen.getByRole("dialog", { name: MODEL.optOutUnconfirmed.header });
    expect(dialog).toHaveAccessibleDescription(MODEL.optOutUnconfirmed.body);
    expect(dialog).not.toHaveTextContent("not saved");
    const close = screen.getByRole("button", { name: MODEL.optOutUnconfirmed.actions.primary.text });
    expect(close).toHaveFocus();
    fireEvent.click(close);
    expect(onClose).toHaveBeenCalledOnce();
  });
});
