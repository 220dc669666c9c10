import { act, renderHook } from "@testing-library/react";
import type { Location } from "react-router";
import { describe, expect, it } from "vitest";
import type { PageMessage } from "./message-model";
import { usePageMessages } from "./use-page-messages";

const message = (messageId: string): PageMessage => ({
  title: `Message ${messageId}`,
  type: "info",
  message: "Text",
  config: { messageId, maxViews: 1 },
});

const at = (pathname: string, search = ""): Location => ({
  pathname,
  search,
  hash: "",
  state: null,
  key: `${pathname}${search}`,
});

function renderPageMessages(initialMessages: PageMessage[], initialLocation: Location) {
  return renderHook(({ messages, location }) => usePageMessages(messages, location), {
    initialProps: { messages: initialMessages, location: initialLocation },
  });
}

describe("usePageMessages", () => {
  it("keeps the messages of the page's visit when the same page's data reloads (a filter, a page of results)", () => {
    const { result, rerender } = renderPageMessages([message("1"), message("2")], at("/sh/lst/active"));
    // The reload's cookies now hold this visit's views: the server would hide a message on its last view.
    rerender({ messages: [message("2")], location: at("/sh/lst/active", "?status=ended") });
    expect(result.current.messages.map((shown) => shown.config.messageId)).toEqual(["1", "2"]);
    expect(result.current.openCount).toBe(2);
  });

  it("takes the new decision on a visit to another page", () => {
    const { result, rerender } = renderPageMessages([message("1"), message("2")], at("/sh/lst/active"));
    rerender({ messages: [message("2")], location: at("/sh/ovw") });
    expect(result.current.messages.map((shown) => shown.config.messageId)).toEqual(["2"]);
    expect(result.current.openCount).toBe(1);
  });

  it("counts a closed message off once, even when the data that follows no longer has it", () => {
    const { result, rerender } = renderPageMessages([message("1"), message("2")], at("/sh/ovw"));
    act(() => result.current.close("1"));
    expect(result.current.openCount).toBe(1);
    rerender({ messages: [message("2")], location: at("/sh/ovw") });
    expect(result.current.openCount).toBe(1);
    expect(result.current.closedIds).toEqual(["1"]);
  });
});
