import { afterEach, describe, expect, it, vi } from "vitest";
import { conditionChangeSchema, frameToParentSchema, listenForMessages, postMessageTo } from "./frame-messages";

const ORIGIN = window.location.origin;
const CONDITION_CHANGE = {
  type: "conditionChange",
  data: { fieldChanged: "condition", itemId: "42", condition: "used", status: "" },
};

function otherWindow(): Window {
  const frame = document.createElement("iframe");
  document.body.append(frame);
  return frame.contentWindow as Window;
}

afterEach(() => document.body.replaceChildren());

describe("listenForMessages", () => {
  function listen(source: Window) {
    const received = vi.fn<(message: unknown) => void>();
    const stop = listenForMessages(window, {
      origin: ORIGIN,
      source: () => source,
      schema: conditionChangeSchema,
      onMessage: received,
    });
    const send = (data: unknown, origin = ORIGIN, from: Window = source) =>
      window.dispatchEvent(new MessageEvent("message", { data, origin, source: from }));
    return { received, stop, send };
  }

  it("passes on a well-formed message from the expected window and origin", () => {
    const { received, send } = listen(otherWindow());
    send(CONDITION_CHANGE);
    expect(received).toHaveBeenCalledExactlyOnceWith(CONDITION_CHANGE);
  });

  it("ignores a message from another origin", () => {
    const { received, send } = listen(otherWindow());
    send(CONDITION_CHANGE, "https://attacker.example");
    send(CONDITION_CHANGE, "null");
    expect(received).not.toHaveBeenCalled();
  });

  it("ignores a message from another window of the same origin", () => {
    const { received, send } = listen(otherWindow());
    send(CONDITION_CHANGE, ORIGIN, otherWindow());
    send(CONDITION_CHANGE, ORIGIN, window);
    expect(received).not.toHaveBeenCalled();
  });

  it("ignores a message whose shape is wrong", () => {
    const { received, send } = listen(otherWindow());
    for (const data of [
      "conditionChange",
      null,
      { type: "conditionChange" },
      { ...CONDITION_CHANGE, data: { ...CONDITION_CHANGE.data, fieldChanged: "price" } },
      { ...CONDITION_CHANGE, data: { ...CONDITION_CHANGE.data, condition: "mint" } },
      { ...CONDITION_CHANGE, data: { ...CONDITION_CHANGE.data, itemId: "42 OR 1=1" } },
      { type: "openProductInsights", data: { epid: "1" } },
    ]) {
      send(data);
    }
    expect(received).not.toHaveBeenCalled();
  });

  it("hears nothing once stopped", () => {
    const { received, send, stop } = listen(otherWindow());
    stop();
    send(CONDITION_CHANGE);
    expect(received).not.toHaveBeenCalled();
  });

  it("ignores everything while the expected window is not there", () => {
    const received = vi.fn<(message: unknown) => void>();
    listenForMessages(window, {
      origin: ORIGIN,
      source: () => undefined,
      schema: conditionChangeSchema,
      onMessage: received,
    });
    window.dispatchEvent(new MessageEvent("message", { data: CONDITION_CHANGE, origin: ORIGIN, source: null }));
    expect(received).not.toHaveBeenCalled();
  });
});

describe("the frame's messages to its parent", () => {
  it("accept loadProductInsightsData with a sane content height, and openProductInsights", () => {
    const report = {
      listingId: "42",
      epid: "2254446578",
      displayPrice: "$10.00",
      additionalPrice: "",
      logisticsCost: "Free",
    };
    expect(
      frameToParentSchema.safeParse({ type: "loadProductInsightsData", data: { ...report, contentHeight: 320 } })
        .success,
    ).toBe(true);
    expect(
      frameToParentSchema.safeParse({ type: "loadProductInsightsData", data: { ...report, contentHeight: -1 } })
        .success,
    ).toBe(false);
    expect(
      frameToParentSchema.safeParse({ type: "loadProductInsightsData", data: { ...report, contentHeight: "320" } })
        .success,
    ).toBe(false);
    expect(frameToParentSchema.safeParse({ type: "openProductInsights", data: { epid: "2254446578" } }).success).toBe(
      true,
    );
  });
});

describe("postMessageTo", () => {
  it("posts to the exact origin given, never to any origin", () => {
    const target = { postMessage: vi.fn<(message: unknown, targetOrigin: string) => void>() };
    postMessageTo(target, { type: "openProductInsights", data: { epid: "1" } }, "https://hub.example");
    expect(target.postMessage).toHaveBeenCalledExactlyOnceWith(
      { type: "openProductInsights", data: { epid: "1" } },
      "https://hub.example",
    );
  });
});
