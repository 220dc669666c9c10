// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { browserCookies } from "./cookies";

afterEach(() => {
  for (const name of document.cookie.split(";").map((pair) => pair.split("=")[0]?.trim())) {
    if (name) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
});

describe("browserCookies", () => {
  it("writes, reads and removes a cookie in document.cookie", () => {
    expect(browserCookies.write("shui-messages-3-viewsLeft", "2", { expires: 400 })).toBe(true);
    expect(browserCookies.read("shui-messages-3-viewsLeft")).toBe("2");
    expect(document.cookie).toContain("shui-messages-3-viewsLeft=2");
    browserCookies.remove("shui-messages-3-viewsLeft");
    expect(browserCookies.read("shui-messages-3-viewsLeft")).toBeUndefined();
    expect(document.cookie).not.toContain("shui-messages-3-viewsLeft");
  });

  it("round-trips values that need encoding", () => {
    browserCookies.write("note", "café; crème=brûlée");
    expect(browserCookies.read("note")).toBe("café; crème=brûlée");
  });

  it("writes 3999 characters, and not 4000: it says so and leaves the cookie as it was", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(browserCookies.write("long", "a".repeat(3999))).toBe(true);
    expect(browserCookies.read("long")).toHaveLength(3999);
    expect(browserCookies.write("long", "b".repeat(4000))).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(browserCookies.read("long")).toBe("a".repeat(3999));
  });

  it("refuses an expiry that is not a date, and writes nothing", () => {
    expect(() => browserCookies.write("seen", "1", { expires: "soon" })).toThrow(
      "Cookie expiry must be convertible to a valid date",
    );
    expect(browserCookies.read("seen")).toBeUndefined();
  });

  it("logs a cookie it cannot decode and reads it as absent", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    document.cookie = "broken=%E0%A4%A; Path=/";
    expect(browserCookies.read("broken")).toBeUndefined();
    expect(error).toHaveBeenCalledWith("Cookie broken could not be decoded and is ignored:", expect.any(URIError));
  });
});
