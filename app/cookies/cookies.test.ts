import { describe, expect, it, vi } from "vitest";
import {
  MAX_COOKIE_VALUE_LENGTH,
  parseCookies,
  readCookie,
  removalCookie,
  serializeCookie,
  toExpiryDate,
} from "./cookies";

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

describe("the 4000-character rule", () => {
  it("writes a value of 3999 characters", () => {
    const value = "x".repeat(3999);
    const cookie = serializeCookie("long", value);
    expect(cookie).toMatch(new RegExp(`^long=x{3999}; `));
    expect(readCookie(cookie?.split("; ")[0], "long")).toBe(value);
  });

  it("does not write a value of 4000 characters, and says so", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(MAX_COOKIE_VALUE_LENGTH).toBe(4000);
    expect(serializeCookie("long", "x".repeat(4000))).toBeNull();
    expect(serializeCookie("long", "x".repeat(10_000))).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]?.[0]).toMatch(
      /Cookie long not written: its value is 4000 characters, the limit is under 4000/,
    );
  });

  it("counts the value as written, after encoding", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    // 1334 spaces become 4002 characters of %20.
    expect(serializeCookie("spaces", " ".repeat(1334))).toBeNull();
    expect(serializeCookie("spaces", " ".repeat(1333))).not.toBeNull();
  });
});

describe("expiry", () => {
  it("takes a Date", () => {
    const date = new Date(Date.UTC(2030, 5, 1));
    expect(toExpiryDate(date, NOW)).toEqual(date);
  });

  it("takes a number of days from now", () => {
    expect(toExpiryDate(730, NOW).getTime()).toBe(NOW + 730 * 24 * 60 * 60 * 1000);
    expect(toExpiryDate(0.5, NOW).getTime()).toBe(NOW + 12 * 60 * 60 * 1000);
    expect(toExpiryDate(-1, NOW).getTime()).toBeLessThan(NOW);
  });

  it("takes a date string", () => {
    expect(toExpiryDate("2030-06-01T00:00:00Z", NOW).toISOString()).toBe("2030-06-01T00:00:00.000Z");
    expect(toExpiryDate("Sat, 01 Jun 2030 00:00:00 GMT", NOW).toISOString()).toBe("2030-06-01T00:00:00.000Z");
  });

  it.each([
    ["a string that is no date", "next tuesday-ish"],
    ["an empty string", ""],
    ["an invalid Date", new Date(Number.NaN)],
    ["an infinite number of days", Number.POSITIVE_INFINITY],
    ["NaN days", Number.NaN],
    ["null", null],
    ["true", true],
    ["an object", {}],
  ])("refuses %s with a clear error", (_, expiry) => {
    expect(() => toExpiryDate(expiry as never, NOW)).toThrow(
      new TypeError(
        `Cookie expiry must be convertible to a valid date, got ${expiry instanceof Date ? "an invalid Date" : typeof expiry === "string" ? JSON.stringify(expiry) : String(expiry)}`,
      ),
    );
  });

  it("refuses an invalid expiry when writing, rather than writing a cookie that never expires", () => {
    expect(() => serializeCookie("seen", "1", { expires: "not a date" })).toThrow(TypeError);
  });

  it("writes Expires in HTTP date form; without one the cookie lasts the session", () => {
    expect(serializeCookie("seen", "1", { expires: new Date(Date.UTC(2030, 5, 1)) })).toBe(
      "seen=1; Path=/; Expires=Sat, 01 Jun 2030 00:00:00 GMT; SameSite=Lax",
    );
    expect(serializeCookie("seen", "1")).toBe("seen=1; Path=/; SameSite=Lax");
  });
});

describe("writing", () => {
  it("encodes the value and sets the attributes asked for", () => {
    expect(serializeCookie("note", "a b;c", { path: "/sh", sameSite: "Strict", secure: true, httpOnly: true })).toBe(
      "note=a%20b%3Bc; Path=/sh; HttpOnly; Secure; SameSite=Strict",
    );
  });

  it.each([["with space"], ["semi;colon"], ["equals=sign"], [""]])("refuses the cookie name %j", (name) => {
    expect(() => serializeCookie(name, "1")).toThrow(`Invalid cookie name ${JSON.stringify(name)}`);
  });

  it("removes a cookie by expiring it in the past", () => {
    expect(removalCookie("seen")).toBe("seen=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax");
    expect(removalCookie("seen", { path: "/sh", secure: true })).toContain(
      "Path=/sh; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; SameSite=Lax",
    );
  });
});

describe("reading", () => {
  it("reads the request's cookies by name, decoded", () => {
    const header = 'sh_session=abc; shui-messages-7-viewsLeft=2; note=a%20b%3Bc; quoted="x%20y"';
    expect(readCookie(header, "shui-messages-7-viewsLeft")).toBe("2");
    expect(readCookie(header, "note")).toBe("a b;c");
    expect(readCookie(header, "quoted")).toBe("x y");
    expect(readCookie(header, "absent")).toBeUndefined();
    expect(readCookie(null, "note")).toBeUndefined();
  });

  it("keeps the first of two cookies with one name (the browser sends the most specific first)", () => {
    expect(readCookie("a=1; a=2", "a")).toBe("1");
  });

  it("keeps '=' inside values and skips pairs without one", () => {
    expect(parseCookies("token=ab==; junk; b=2")).toEqual(
      new Map([
        ["token", "ab=="],
        ["b", "2"],
      ]),
    );
  });

  it("logs a value that cannot be decoded and treats it as absent, never throwing", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => parseCookies("broken=%E0%A4%A; good=1")).not.toThrow();
    expect(parseCookies("broken=%E0%A4%A; good=1")).toEqual(new Map([["good", "1"]]));
    expect(readCookie("broken=%", "broken")).toBeUndefined();
    expect(error).toHaveBeenCalledWith("Cookie broken could not be decoded and is ignored:", expect.any(URIError));
  });
});
