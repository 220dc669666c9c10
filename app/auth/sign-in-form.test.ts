import { describe, expect, it } from "vitest";
import { signInFormSchema, signInRefusal } from "./sign-in-form";

const form = (fields: Record<string, string>) =>
  signInFormSchema.safeParse({ username: "demo", password: "sellerhub", srt: "token", ...fields });

describe("the sign-in form", () => {
  it("refuses a username holding a control character as any wrong pair, before it reaches the database", () => {
    // PostgreSQL refuses text holding a NUL, and the attempt's count looked it up: a 500 before sign-in.
    for (const username of ["a\u0000", "de\u0007mo", "demo\u007f", "\u0000"]) {
      const parsed = form({ username });
      expect(parsed.success, JSON.stringify(username)).toBe(false);
      expect(signInRefusal(parsed.error?.issues[0])).toBe("signIn.wrongCredentials");
    }
    expect(form({ username: "  Zoë.Ñúñez " }).data?.username).toBe("Zoë.Ñúñez");
    expect(signInRefusal(form({ username: "   " }).error?.issues[0])).toBe("signIn.enterUsername");
  });

  it("takes a target of any length, which the action decides on, rather than refuse the password", () => {
    expect(form({ redirectTo: `/sh/lst/active?q=${"a".repeat(3_000)}` }).success).toBe(true);
  });
});
