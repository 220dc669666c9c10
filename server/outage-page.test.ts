import { afterEach, describe, expect, it, vi } from "vitest";
import { outagePage } from "./outage-page";

// German's catalogue fails to compile: the page must still be said.
vi.mock("~/i18n/catalogues.server", async (original) => {
  const actual = await original<typeof import("~/i18n/catalogues.server")>();
  return {
    ...actual,
    textOfLanguage: (language: Parameters<typeof actual.textOfLanguage>[0]) => {
      if (language === "de-DE") throw new Error("German's catalogue did not compile");
      return actual.textOfLanguage(language);
    },
  };
});

afterEach(() => vi.restoreAllMocks());

describe("the outage page when the browser's language cannot be had", () => {
  it("is said in English rather than not at all", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const html = outagePage(new Request("http://hub.test/sh/ovw", { headers: { "Accept-Language": "de-DE" } }));
    expect(html).toContain('<html lang="en-US" dir="ltr">');
    expect(html).toContain("Seller Hub is temporarily unavailable");
    expect(logged).toHaveBeenCalledOnce();
  });
});
