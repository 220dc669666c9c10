import * as fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { MAX_COOKIE_VALUE_LENGTH, parseCookies, readCookie, serializeCookie, toExpiryDate } from "./cookies";

const cookieName = fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/);

describe("cookies, for any input", () => {
  it("reads back exactly what it wrote, whatever the characters", () => {
    fc.assert(
      fc.property(cookieName, fc.string({ unit: "grapheme", maxLength: 200 }), (name, value) => {
        const cookie = serializeCookie(name, value);
        expect(cookie).not.toBeNull();
        expect(readCookie((cookie as string).split(";")[0], name)).toBe(value);
      }),
    );
  });

  it("writes a value under the limit and refuses one at or over it, never writing part of it", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    fc.assert(
      fc.property(cookieName, fc.integer({ min: 1, max: 6000 }), (name, length) => {
        const cookie = serializeCookie(name, "v".repeat(length));
        expect(cookie === null).toBe(length >= MAX_COOKIE_VALUE_LENGTH);
      }),
    );
  });

  it("never throws on a Cookie header, however broken", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (header) => {
        expect(() => parseCookies(header)).not.toThrow();
      }),
    );
  });

  it("turns any number of days into the date that many days away, or refuses it with a TypeError", () => {
    const now = 1_800_000_000_000;
    const outcome = (days: number) => {
      try {
        return { time: toExpiryDate(days, now).getTime() };
      } catch (error) {
        return { refused: error instanceof TypeError };
      }
    };
    fc.assert(
      fc.property(fc.double(), (days) => {
        // A Date keeps whole milliseconds within ±8.64e15; beyond that there is no date to write.
        const expected = new Date(now + days * 86_400_000).getTime();
        expect(outcome(days)).toEqual(Number.isNaN(expected) ? { refused: true } : { time: expected });
      }),
    );
  });
});
