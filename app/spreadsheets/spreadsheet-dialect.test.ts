import { describe, expect, it } from "vitest";
import { inertText, spreadsheetCsv, spreadsheetDialect } from "./spreadsheet-dialect";

describe("the spreadsheet of a language", () => {
  it.each([
    ["en-US", ",", "."],
    ["en-GB", ",", "."],
    ["en-XA", ",", "."],
    ["de-DE", ";", ","],
    ["fr-FR", ";", ","],
    ["it-IT", ";", ","],
    ["es-ES", ";", ","],
  ] as const)("%s: delimiter %s, decimal mark %s", (language, delimiter, decimalMark) => {
    expect(spreadsheetDialect(language)).toEqual({ delimiter, decimalMark });
  });
});

describe("a text cell", () => {
  it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])("that a spreadsheet would run (%j) is made text", (text) => {
    expect(inertText(text)).toBe(`'${text}`);
  });
  it.each(["Lamp", "Thé", "1 = 1", "", "'quoted"])("else is as written (%j)", (text) => {
    expect(inertText(text)).toBe(text);
  });
});

describe("a CSV file for a spreadsheet", () => {
  it("parts cells by the dialect's delimiter and ends each row with CR LF, a byte order mark first if asked", () => {
    expect(
      spreadsheetCsv(
        [
          ["a", "1,5"],
          ["b", "2"],
        ],
        { delimiter: ";" },
      ),
    ).toBe("a;1,5\r\nb;2\r\n");
    expect(spreadsheetCsv([["a", "1.5"]], { delimiter: "," }, { bom: true })).toBe("\uFEFFa,1.5\r\n");
  });

  it.each(["Lamp\n=1+1", "Lamp\r=1+1", "Lamp\r\n=1+1"])(
    "quotes a cell holding a line break of any kind (%j), which would end the row",
    (text) => {
      expect(spreadsheetCsv([["1", text, "2"]], { delimiter: "," })).toBe(`1,"${text}",2\r\n`);
    },
  );
});
