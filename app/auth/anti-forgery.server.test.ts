import { describe, expect, it } from "vitest";
import { maskToken, tokensMatch } from "./anti-forgery.server";

describe("tokensMatch", () => {
  const token = "abcdefghijklmnopqrstuvwxyz012345";

  it("matches the same token only", () => {
    expect(tokensMatch(token, token)).toBe(true);
    expect(tokensMatch(token, token.slice(1) + "a")).toBe(false);
    expect(tokensMatch(token, token.slice(1))).toBe(false);
    expect(tokensMatch(token, undefined)).toBe(false);
    expect(tokensMatch(token, ["x"])).toBe(false);
  });

  it("refuses, without throwing, a token of the right length in characters that holds multi-byte ones", () => {
    for (const replacement of ["é", "€", "😀", "\u0000"]) {
      const forged = replacement + token.slice(replacement.length);
      expect(forged.length).toBe(token.length);
      expect(tokensMatch(token, forged)).toBe(false);
    }
  });

  it("takes the token masked, with other bytes in every answer, so compression tells nothing of it (BREACH)", () => {
    const masked = [maskToken(token), maskToken(token)];
    expect(masked[0]).not.toBe(masked[1]);
    expect(masked[0]).not.toContain(token);
    for (const one of masked) {
      expect(tokensMatch(token, one)).toBe(true);
      expect(tokensMatch(one, token)).toBe(true);
    }
    expect(tokensMatch(masked[0] as string, masked[1])).toBe(true);
    expect(tokensMatch(maskToken("another-token-of-the-same-length"), masked[0])).toBe(false);
    for (const broken of [".", "a.b", `${masked[0]}x`, `é${(masked[0] as string).slice(1)}`, "..."])
      expect(tokensMatch(token, broken), broken).toBe(false);
  });
});
