import { afterEach, describe, expect, it, vi } from "vitest";
import { languageOfMember, languageOfVisitor, offeredLanguages } from "./language.server";
import { languageOfLocale } from "./languages";

const visitor = (acceptLanguage?: string) =>
  languageOfVisitor(
    new Request(
      "http://hub.test/signin",
      acceptLanguage === undefined ? {} : { headers: { "Accept-Language": acceptLanguage } },
    ),
  );

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("a visitor's language", () => {
  it.each([
    ["de-DE,de;q=0.9,en;q=0.8", "de-DE"],
    ["de-AT", "de-DE"],
    ["fr-CA,fr;q=0.9", "fr-FR"],
    ["en-AU,en;q=0.9", "en-GB"],
    ["en", "en-US"],
    ["pt-BR,es;q=0.5", "es-ES"],
    ["en-US;q=0.1,it;q=0.9", "it-IT"],
    ["pt-BR", "en-US"],
    ["*", "en-US"],
    ["", "en-US"],
    // A range it cannot read is passed over, never an error.
    ["de-DE;q=nonsense,,;;", "en-US"],
    ["x".repeat(10_000), "en-US"],
    ["ÄÖÜ-ßé, fr;q=0.2", "fr-FR"],
  ])("Accept-Language %j speaks %s", (header, language) => {
    expect(visitor(header)).toBe(language);
  });

  it("is English (US) without the header", () => {
    expect(visitor()).toBe("en-US");
  });
});

describe("a seller's language", () => {
  it("is their choice, else their site's", () => {
    expect(languageOfMember({ language: null }, { locale: "de-DE" })).toBe("de-DE");
    expect(languageOfMember({ language: "fr-FR" }, { locale: "de-DE" })).toBe("fr-FR");
    expect(languageOfMember({ language: "xx-YY" }, { locale: "it-IT" })).toBe("it-IT");
    expect(languageOfLocale("de-CH")).toBe("de-DE");
    expect(languageOfLocale("ja-JP")).toBe("en-US");
  });

  it("never is a pseudo-language in production, whatever was stored", () => {
    // `npm start` leaves NODE_ENV unset.
    vi.stubEnv("NODE_ENV", undefined);
    vi.stubEnv("SELLER_HUB_PSEUDO_LANGUAGES", "");
    expect(languageOfMember({ language: "ar-XB" }, { locale: "en-GB" })).toBe("en-GB");
    expect(offeredLanguages()).toEqual(["en-US", "en-GB", "de-DE", "fr-FR", "it-IT", "es-ES"]);
    vi.stubEnv("SELLER_HUB_PSEUDO_LANGUAGES", "1");
    expect(languageOfMember({ language: "ar-XB" }, { locale: "en-GB" })).toBe("ar-XB");
    expect(offeredLanguages()).toContain("en-XA");
    vi.stubEnv("SELLER_HUB_PSEUDO_LANGUAGES", "");
    vi.stubEnv("NODE_ENV", "development");
    expect(offeredLanguages()).toContain("ar-XB");
  });
});
