import { describe, expect, it } from "vitest";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { MAX_SEARCH_TEXT, readSearchText, searchNotice } from "./search-text";

const english = textOfLanguage("en-US").text;

describe("readSearchText", () => {
  it("trims the text and closes up its spaces", () => {
    expect(readSearchText("  leica   m6 ")).toEqual({ text: "leica m6", notices: [] });
    expect(readSearchText(null)).toEqual({ text: "", notices: [] });
  });

  it("leaves control characters out, and says so", () => {
    expect(readSearchText("lei\u0000ca\u0007")).toEqual({ text: "leica", notices: ["controls"] });
    expect(readSearchText("\u0001\u0002\u0003")).toEqual({ text: "", notices: ["controls"] });
    expect(searchNotice(["controls"], english)).toBe("Control characters were left out of your search.");
    // A pasted line break or tab is a space, nothing to mention.
    expect(readSearchText("leica\r\n\tm6")).toEqual({ text: "leica m6", notices: [] });
  });

  it(`cuts a long text to its first ${MAX_SEARCH_TEXT} characters, and says so`, () => {
    const { text, notices } = readSearchText("é".repeat(5_000));
    expect([...text]).toHaveLength(MAX_SEARCH_TEXT);
    expect(searchNotice(notices, english)).toBe(`Only the first ${MAX_SEARCH_TEXT} characters were searched.`);
    expect(searchNotice(notices, textOfLanguage("de-DE").text)).toBe(
      `Nur die ersten ${MAX_SEARCH_TEXT} Zeichen wurden gesucht.`,
    );
    expect(searchNotice([], english)).toBeNull();
  });
});
