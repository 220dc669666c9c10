import { describe, expect, it } from "vitest";
import { showsMessages } from "./pages-with-messages";

describe("showsMessages", () => {
  it("is true for the overview and the listings, with or without the pattern's leading slash", () => {
    for (const pattern of ["sh/ovw", "/sh/ovw", "sh/lst/active", "/sh/lst/active"])
      expect(showsMessages(pattern)).toBe(true);
  });

  it("is false for every other page, a listing's among them", () => {
    for (const pattern of ["sh/perf", "sh/search", "sh/lst/:listingId", "sh/lst/prices", "sh/*", ""])
      expect(showsMessages(pattern)).toBe(false);
  });
});
