import { globSync, readFileSync } from "node:fs";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { CATALOGUES, textOfLanguage } from "./catalogues.server";
import { PSEUDO_LANGUAGES, SELLER_LANGUAGES, SOURCE_LANGUAGE } from "./languages";

const source = CATALOGUES[SOURCE_LANGUAGE];
const keys = Object.keys(source).sort();

/**
 * The names a message's placeholders take, each select marked as one (its cases are the source's
 * values). A plural is a way of writing its number: a language may choose its words by another of
 * the message's numbers than English does ("1 von 24 Stunden hat": German's verb agrees with the
 * hours with data, English's "had" with none).
 */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") found.add(token.arg);
      if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        found.add(token.type === "select" ? `${token.arg}:select` : token.arg);
        for (const option of token.cases) walk(option.tokens);
      }
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe("the message catalogues", () => {
  it.each(SELLER_LANGUAGES)("%s has every key of the source language and no other", (language) => {
    expect(Object.keys(CATALOGUES[language]).sort()).toEqual(keys);
  });

  it.each(SELLER_LANGUAGES)("%s's messages take the placeholders the source's do", (language) => {
    const differing = keys.filter(
      (key) =>
        argumentsOf(CATALOGUES[language][key as keyof typeof source]).join() !==
        argumentsOf(source[key as keyof typeof source]).join(),
    );
    expect(differing).toEqual([]);
  });

  it("French keeps its high punctuation and guillemets on the word's line: a no-break space, never a plain one", () => {
    // A line that begins with ":" or "»" is a fault in French typesetting; a plain space allows it.
    const breakable = keys.filter((key) => / [:;!?»]|« /.test(CATALOGUES["fr-FR"][key as keyof typeof source]));
    expect(breakable).toEqual([]);
  });

  it("British English speaks of postage, as eBay UK does, where American English speaks of shipping", () => {
    const shipping = keys.filter((key) =>
      /\bship(ping|ment|s)?\b/i.test(CATALOGUES["en-GB"][key as keyof typeof source]),
    );
    expect(shipping).toEqual([]);
  });

  it.each(SELLER_LANGUAGES.filter((language) => language !== "en-US" && language !== "en-GB"))(
    "%s is translated: no sentence left as in English",
    (language) => {
      // A word that reads the same in both (the hub's name, "Menu", "Password") is no sign of a gap;
      // a whole sentence is.
      const untranslated = keys.filter((key) => {
        const message = CATALOGUES[language][key as keyof typeof source];
        const words = message
          .replaceAll(/\{[^}]*\}/g, "")
          .split(/\s+/)
          .filter((word) => /\p{L}/u.test(word));
        return message === source[key as keyof typeof source] && words.length > 2;
      });
      expect(untranslated).toEqual([]);
    },
  );

  it.each([...SELLER_LANGUAGES, ...PSEUDO_LANGUAGES])("%s compiles, and formats plurals and values", (language) => {
    const { text } = textOfLanguage(language);
    for (const key of keys) expect(text(key as keyof typeof source, { minutes: 2, status: "418" })).toBeTruthy();
    expect(text("signIn.tooManyAttempts", { minutes: 1 })).not.toEqual(text("signIn.tooManyAttempts", { minutes: 2 }));
  });

  it("makes the pseudo-languages from English: accented and longer, or set right to left", () => {
    const accented = textOfLanguage("en-XA").text("member.signOut");
    expect(accented).toMatch(/^\[.*\]$/);
    expect(accented).not.toMatch(/[a-z]/i);
    expect(accented.length).toBeGreaterThanOrEqual(Math.ceil("Sign out".length * 1.35));
    expect(textOfLanguage("ar-XB").text("member.signOut")).toBe("\u202ESign out\u202C");
    expect(textOfLanguage("ar-XB").dir).toBe("rtl");
  });

  it("isolates each value in a right-to-left text from the words around it, as an RTL language needs", () => {
    // Without isolation, "Showing 1–20 of 40 listings." read "gniwohS1–20 fo 40.sgnitsil": the
    // numbers took the direction of the words beside them (the README's right-to-left screenshot).
    const { text } = textOfLanguage("ar-XB");
    expect(text("listings.page.showing", { from: 1, to: 20, total: 40 })).toBe(
      "\u202EShowing \u202C\u20681\u2069\u202E–\u202C\u206820\u2069\u202E of \u202C\u206840\u2069\u202E listings.\u202C",
    );
    // A plural's count, too; and no left-to-right language gets the marks.
    expect(text("signIn.tooManyAttempts", { minutes: 2 })).toContain("\u20682\u2069");
    expect(textOfLanguage("de-DE").text("listings.page.showing", { from: 1, to: 20, total: 40 })).not.toMatch(
      /[\u2066-\u2069]/,
    );
  });

  it("has no key that no code uses", () => {
    // The server's own pages (the outage page, server/) use the catalogues too.
    const code = globSync(["app/**/*.{ts,tsx}", "server/**/*.{ts,tsx}"], {
      exclude: (file) => /\.test(-support)?\./.test(file),
    })
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    // Keys are written out whole where they are used, never built from parts, so a search finds them.
    expect(keys.filter((key) => !code.includes(`"${key}"`))).toEqual([]);
  });
});

describe("agreement in the dashboard's sentences", () => {
  const sentence = (language: Parameters<typeof textOfLanguage>[0]) => textOfLanguage(language).text;
  const trend = { vital: "LCP", value: "2,1 s", rating: "good", when: "23.11.", buckets: "hours" } as const;

  it("the verb of a count of buckets with data agrees with that count, not with the buckets in all", () => {
    expect(sentence("de-DE")("speed.trend.summary", { ...trend, withData: 1, total: 24 })).toContain(
      "1 von 24 Stunden hat Daten",
    );
    expect(sentence("de-DE")("speed.trend.summary", { ...trend, withData: 3, total: 24 })).toContain(
      "3 von 24 Stunden haben Daten",
    );
    expect(sentence("fr-FR")("speed.trend.summary", { ...trend, withData: 1, total: 24 })).toContain(
      "1 heure sur 24 a des données",
    );
    expect(sentence("fr-FR")("speed.trend.summary", { ...trend, withData: 3, total: 24 })).toContain(
      "3 heures sur 24 ont des données",
    );
    expect(sentence("it-IT")("speed.trend.summary", { ...trend, withData: 1, total: 24 })).toContain(
      "1 ora su 24 ha dati",
    );
    expect(sentence("es-ES")("speed.trend.summary", { ...trend, withData: 1, total: 24 })).toContain(
      "1 de 24 horas tiene datos",
    );
  });

  it("one page view is told in the singular throughout", () => {
    const shares = { goodShare: 100, needsImprovement: 0, needsImprovementShare: 0, poor: 0, poorShare: 0 };
    const one = { samples: 1, vital: "LCP", good: 1, ...shares };
    expect(sentence("de-DE")("speed.distribution.summary", one)).toMatch(/^Von 1 Seitenaufruf, der LCP gemessen hat,/);
    expect(sentence("it-IT")("speed.distribution.summary", one)).toMatch(/^Su 1 visualizzazione che ha misurato LCP,/);
    expect(sentence("es-ES")("speed.distribution.summary", one)).toMatch(/^De 1 visita que midió LCP,/);
    const summary = { views: 1, period: "24h", pages: 1 };
    expect(sentence("fr-FR")("speed.summary", summary)).toContain("comparée aux 24 heures précédentes");
    expect(sentence("es-ES")("speed.summary", summary)).toContain("comparada con las 24 horas anteriores");
    expect(sentence("de-DE")("speed.intro")).not.toContain("Jeder Web Vital");
  });
});
