import { globSync, readFileSync } from "node:fs";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import { CATALOGUES, textOfLanguage } from "./catalogues.server";
import { PSEUDO_LANGUAGES, SELLER_LANGUAGES, SOURCE_LANGUAGE } from "./languages";

const source = CATALOGUES[SOURCE_LANGUAGE];
const keys = Object.keys(source).sort();

/** The names a message's placeholders take, and for plurals and selects, their cases. */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") found.add(token.arg);
      if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        found.add(`${token.arg}:${token.type}`);
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
    const code = globSync("app/**/*.{ts,tsx}", { exclude: (file) => /\.test(-support)?\./.test(file) })
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    // Keys are written out whole where they are used, never built from parts, so a search finds them.
    expect(keys.filter((key) => !code.includes(`"${key}"`))).toEqual([]);
  });
});
