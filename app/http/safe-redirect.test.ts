import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const HUB = "https://hub.test/sh/ovw";
const HUB_ORIGIN = "https://hub.test";

/** Where a browser goes when the hub answers with this Location: it parses it against the page's URL. */
function whereTheBrowserGoes(location: string): URL {
  return new URL(location, HUB);
}

/** Pieces attackers combine: what browsers drop or read as a slash, and their percent-encodings. */
const trickyPiece = fc.constantFrom(
  "/",
  "//",
  "\\",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u000b",
  "\u00a0",
  "\u2028",
  "%2F",
  "%2f",
  "%5C",
  "%09",
  "%0A",
  "%00",
  "%252F",
  ".",
  "..",
  "@",
  ":",
  "?",
  "#",
  "evil.example",
  "hub.test",
  "sh",
  "ovw",
  "http:",
  "https:",
  "javascript:",
  "HTTPS://",
  "data:",
  "file:",
);
const trickyTarget = fc
  .tuple(
    fc.constantFrom("", "/", "/sh", "/sh/"),
    fc.array(fc.oneof(trickyPiece, fc.string({ unit: "binary", maxLength: 4 })), { maxLength: 12 }),
  )
  .map(([start, pieces]) => start + pieces.join(""));

describe("safeRedirectPath", () => {
  it("keeps a path inside the hub with its query and fragment", () => {
    expect(safeRedirectPath("/sh/lst/active?status=ended#results", HUB)).toBe("/sh/lst/active?status=ended#results");
  });

  it.each([
    ["a tab the browser drops", "/\t/evil.example"],
    ["a newline the browser drops", "/\n/evil.example"],
    ["a backslash read as a slash", "/\\evil.example"],
    ["a protocol-relative address", "//evil.example"],
    ["another origin", "https://evil.example/sh/ovw"],
    ["a script", "javascript:alert(1)"],
    ["a path that normalises to two slashes", "/.//evil.example"],
    ["a path outside the hub", "/signout"],
    ["a target longer than any page's address with its filters", `/sh/lst/active?q=${"a".repeat(2_100)}`],
  ])("sends %s to the overview instead", (_why, target) => {
    expect(safeRedirectPath(target, HUB)).toBe("/sh/ovw");
  });

  it("never leads a browser off the hub's origin or out of its pages, whatever the target", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          trickyTarget,
          fc.string({ unit: "binary" }),
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
        ),
        (target) => {
          const destination = whereTheBrowserGoes(safeRedirectPath(target, HUB));
          expect(destination.origin).toBe(HUB_ORIGIN);
          expect(destination.pathname.startsWith("/sh/")).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it("answers with a hub path free of control characters, which a browser would drop", () => {
    fc.assert(
      fc.property(trickyTarget, (target) => {
        const location = safeRedirectPath(target, HUB);
        expect(location).toMatch(/^\/sh\//);
        expect([...location].filter((character) => character.charCodeAt(0) < 0x20 || character === "\u007f")).toEqual(
          [],
        );
      }),
      { numRuns: 5000 },
    );
  });
});
