import { describe, expect, it } from "vitest";
import { MAX_SEARCH_TEXT, readSearchText } from "./search-text";

describe("readSearchText", () => {
  it("trims the text and closes up its spaces", () => {
    expect(readSearchText("  leica   m6 ")).toEqual({ text: "leica m6", notice: null });
    expect(readSearchText(null)).toEqual({ text: "", notice: null });
  });

  it("leaves control characters out, and says so", () => {
    expect(readSearchText("lei\u0000ca\u0007")).toEqual({
      text: "lei ca",
      notice: "Control characters were left out of your search.",
    });
    expect(readSearchText("\u0001\u0002\u0003")).toEqual({
      text: "",
      notice: "Control characters were left out of your search.",
    });
    // A pasted line break or tab is a space, nothing to mention.
    expect(readSearchText("leica\r\n\tm6")).toEqual({ text: "leica m6", notice: null });
  });

  it(`cuts a long text to its first ${MAX_SEARCH_TEXT} characters, and says so`, () => {
    const { text, notice } = readSearchText("é".repeat(5_000));
    expect([...text]).toHaveLength(MAX_SEARCH_TEXT);
    expect(notice).toBe(`Only the first ${MAX_SEARCH_TEXT} characters were searched.`);
  });
});
