import { describe, expect, it } from "vitest";
import { REFILTER_AFTER, REFILTER_BEFORE, refilter, type RefilterDetail } from "./refilter";

function recorder() {
  const events = new EventTarget();
  const log: string[] = [];
  for (const type of [REFILTER_BEFORE, REFILTER_AFTER]) {
    events.addEventListener(type, (event) => log.push(`${type} ${(event as CustomEvent<RefilterDetail>).detail.url}`));
  }
  return { events, log };
}

describe("refilter", () => {
  it("navigates to the current path with the rebuilt query, between a before and an after event", async () => {
    const { events, log } = recorder();
    const url = await refilter({ pathname: "/sh/lst/active", search: "?offset=40&q=x" }, ["status", "ended"], {
      events,
      navigate: async (to) => {
        log.push(`navigate ${to}`);
      },
    });
    expect(url).toBe("/sh/lst/active?offset=0&q=x&status=ended");
    expect(log).toEqual([
      `${REFILTER_BEFORE} /sh/lst/active?offset=0&q=x&status=ended`,
      "navigate /sh/lst/active?offset=0&q=x&status=ended",
      `${REFILTER_AFTER} /sh/lst/active?offset=0&q=x&status=ended`,
    ]);
  });

  it("waits for the navigation before announcing that it is done", async () => {
    const { events, log } = recorder();
    let finish = () => {};
    const done = refilter({ pathname: "/p", search: "" }, ["q", "a"], {
      events,
      navigate: () => new Promise<void>((resolve) => (finish = resolve)),
    });
    await Promise.resolve();
    expect(log).toEqual([`${REFILTER_BEFORE} /p?q=a`]);
    finish();
    await done;
    expect(log).toEqual([`${REFILTER_BEFORE} /p?q=a`, `${REFILTER_AFTER} /p?q=a`]);
  });

  it("passes src into the query and the events", async () => {
    const events = new EventTarget();
    const details: RefilterDetail[] = [];
    events.addEventListener(REFILTER_AFTER, (event) => details.push((event as CustomEvent<RefilterDetail>).detail));
    await refilter({ pathname: "/p", search: "" }, [["a", "1"]], {
      src: "conditionChange",
      events,
      navigate: () => {},
    });
    expect(details).toEqual([{ url: "/p?a=1&src=conditionChange", src: "conditionChange" }]);
  });

  it("goes to the bare path when no parameter is left", async () => {
    const navigated: string[] = [];
    await refilter({ pathname: "/p", search: "?q=a" }, ["q", " "], {
      events: new EventTarget(),
      navigate: (to) => void navigated.push(to),
    });
    expect(navigated).toEqual(["/p"]);
  });

  it("announces no after event when the navigation fails", async () => {
    const { events, log } = recorder();
    const failing = refilter({ pathname: "/p", search: "" }, ["q", "a"], {
      events,
      navigate: () => Promise.reject(new Error("offline")),
    });
    await expect(failing).rejects.toThrow("offline");
    expect(log).toEqual([`${REFILTER_BEFORE} /p?q=a`]);
  });
});
