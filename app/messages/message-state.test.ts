import { describe, expect, it } from "vitest";
import type { MessageConfig } from "./message-model";
import {
  closeCookie,
  isShownAtLoad,
  LASTING_COOKIE_DAYS,
  messageCookieNames,
  viewCookie,
  type CookieWrite,
} from "./message-state";

/** A browser's cookie jar, enough to play the state machine through loads, closes and restarts. */
class Browser {
  private cookies = new Map<string, CookieWrite>();

  private readonly config: MessageConfig;

  constructor(config: MessageConfig) {
    this.config = config;
  }

  private lookup = (name: string) => this.cookies.get(name)?.value;

  private write(cookie: CookieWrite | null) {
    if (cookie) this.cookies.set(cookie.name, cookie);
  }

  /** A page load: true when the message shows (and then that showing counts one view). */
  load(): boolean {
    const shown = isShownAtLoad(this.config, this.lookup);
    if (shown) this.write(viewCookie(this.config, this.lookup));
    return shown;
  }

  close(): void {
    this.write(closeCookie(this.config, this.lookup));
  }

  /** Closing the browser drops the cookies that have no expiry. */
  restart(): void {
    for (const [name, cookie] of this.cookies) if (cookie.expires === undefined) this.cookies.delete(name);
  }

  cookie(name: string): CookieWrite | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, { name, value, expires: 1 });
  }
}

const names = messageCookieNames("tax-2026");

describe("cookie names", () => {
  it("are those of docs/product/calls-and-limits.md", () => {
    expect(messageCookieNames("7")).toEqual({
      viewsLeft: "shui-messages-7-viewsLeft",
      dismissalLeft: "shui-messages-7-dismissalLeft",
    });
  });
});

describe("a message without an id", () => {
  it("shows at every load, and closing writes nothing", () => {
    const browser = new Browser({ maxViews: 1, permanent: true });
    expect([browser.load(), browser.load(), browser.load()]).toEqual([true, true, true]);
    expect(closeCookie({ permanent: true }, () => undefined)).toBeNull();
    expect(viewCookie({ maxViews: 1 }, () => undefined)).toBeNull();
  });
});

describe("maxViews", () => {
  it("shows on as many loads as it allows, then no more", () => {
    const browser = new Browser({ messageId: "tax-2026", maxViews: 2 });
    expect(browser.load()).toBe(true);
    expect(browser.cookie(names.viewsLeft)).toEqual({
      name: names.viewsLeft,
      value: "1",
      expires: LASTING_COOKIE_DAYS,
    });
    expect(browser.load()).toBe(true);
    expect(browser.cookie(names.viewsLeft)?.value).toBe("0");
    expect(browser.load()).toBe(false);
    expect(browser.load()).toBe(false);
  });

  it("keeps counting across browser sessions", () => {
    const browser = new Browser({ messageId: "tax-2026", maxViews: 2 });
    browser.load();
    browser.restart();
    browser.load();
    browser.restart();
    expect(browser.load()).toBe(false);
  });

  it("reads a count it cannot trust as no count, and never counts past the limit", () => {
    const browser = new Browser({ messageId: "tax-2026", maxViews: 2 });
    browser.set(names.viewsLeft, "lots");
    expect(browser.load()).toBe(true);
    expect(browser.cookie(names.viewsLeft)?.value).toBe("1");
    browser.set(names.viewsLeft, "99");
    expect(browser.load()).toBe(true);
    expect(browser.cookie(names.viewsLeft)?.value).toBe("1");
  });

  it("ignores a views cookie when the message no longer limits its views", () => {
    expect(isShownAtLoad({ messageId: "tax-2026" }, (name) => (name === names.viewsLeft ? "0" : undefined))).toBe(true);
  });
});

describe("closing", () => {
  it("maxDismissal: each close takes one dismissal; it comes back until none are left", () => {
    const browser = new Browser({ messageId: "tax-2026", maxDismissal: 2, permanent: true });
    expect(browser.load()).toBe(true);
    browser.close();
    expect(browser.cookie(names.dismissalLeft)).toEqual({
      name: names.dismissalLeft,
      value: "1",
      expires: LASTING_COOKIE_DAYS,
    });
    expect(browser.load()).toBe(true);
    browser.restart();
    expect(browser.load()).toBe(true);
    browser.close();
    expect(browser.cookie(names.dismissalLeft)?.value).toBe("0");
    expect(browser.load()).toBe(false);
    browser.restart();
    expect(browser.load()).toBe(false);
  });

  it("permanent: hidden for good, across browser sessions", () => {
    const browser = new Browser({ messageId: "tax-2026", permanent: true });
    expect(browser.load()).toBe(true);
    browser.close();
    expect(browser.cookie(names.dismissalLeft)).toEqual({
      name: names.dismissalLeft,
      value: "0",
      expires: LASTING_COOKIE_DAYS,
    });
    expect(browser.load()).toBe(false);
    browser.restart();
    expect(browser.load()).toBe(false);
  });

  it("otherwise: hidden for the session (a cookie without expiry), back in the next", () => {
    const browser = new Browser({ messageId: "tax-2026" });
    expect(browser.load()).toBe(true);
    browser.close();
    expect(browser.cookie(names.dismissalLeft)).toEqual({ name: names.dismissalLeft, value: "0" });
    expect(browser.load()).toBe(false);
    browser.restart();
    expect(browser.load()).toBe(true);
  });

  it("maxViews and dismissals together: whichever runs out first hides it", () => {
    const browser = new Browser({ messageId: "tax-2026", maxViews: 5 });
    expect(browser.load()).toBe(true);
    browser.close();
    expect(browser.load()).toBe(false);
    expect(browser.cookie(names.viewsLeft)?.value).toBe("4");
  });
});
