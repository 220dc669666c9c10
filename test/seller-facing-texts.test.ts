import { globSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { literalTexts } from "./seller-facing-texts";

/**
 * Components not yet moved to the catalogues (issue 29), with how many literal texts each still
 * renders. The list only shrinks: a file moved is taken off, and a file that gains a literal fails.
 */
const STILL_IN_ENGLISH: Record<string, number> = {};

const COMPONENT_FILES = globSync("app/**/*.tsx", { exclude: (file) => /\.test(-support)?\./.test(file) }).sort();

describe("seller-facing texts come from the catalogues", () => {
  it.each(COMPONENT_FILES)("%s renders no literal text", (file) => {
    const literals = literalTexts(file);
    const allowed = STILL_IN_ENGLISH[file] ?? 0;
    expect(literals.length <= allowed ? [] : literals).toEqual([]);
  });

  it("lists only files that still have literal texts", () => {
    const done = Object.keys(STILL_IN_ENGLISH).filter((file) => literalTexts(file).length === 0);
    expect(done).toEqual([]);
  });

  it("finds the literal texts it is about", () => {
    const found = literalTexts("test/fixtures/literal-texts.tsx").map(({ text }) => text);
    expect(found).toEqual(["Written in the markup", 'aria-label="Close"', "A string between tags", "Page"]);
  });
});
