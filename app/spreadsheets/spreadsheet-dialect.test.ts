import { parse } from "csv-parse/sync";
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
  it.each([
    ["Eve;=cmd|' /C calc'!A0;x", "Eve;'=cmd|' /C calc'!A0;x"],
    ["Lamp, +1 free", "Lamp, '+1 free"],
    ["a\t@SUM(A1)", "a\t'@SUM(A1)"],
    ["=1;;-2", "'=1;;'-2"],
  ])("whose part after a separator a spreadsheet would run (%j) has that part made text", (text, inert) => {
    expect(inertText(text)).toBe(inert);
  });
  it.each(["Lamp", "Thé", "1 = 1", "", "'quoted", "1,5", "Lamp; blue", "a - b"])("else is as written (%j)", (text) => {
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

  it.each([
    [",", ";"],
    [";", ","],
    [",", "\t"],
    [";", "\t"],
  ] as const)(
    "written with %j, holds no cell that a spreadsheet splitting on %j would run as a formula",
    (delimiter, other) => {
      const name = `Eve${other}=cmd|' /C calc'!A0${other}x`;
      const file = spreadsheetCsv([["2026-11-29", inertText(name), "eve"]], { delimiter });
      // As Excel of the other region reads it: a quoted cell is no protection, the split falls inside it.
      const cells = (
        parse(file, { delimiter: other, relax_quotes: true, relax_column_count: true }) as string[][]
      ).flat();
      expect(cells.length).toBeGreaterThan(1);
      expect(cells.filter((cell) => /^\s*[=+\-@]/.test(cell))).toEqual([]);
      // As a spreadsheet of the hub's language reads it: the name with its parts made text.
      expect(parse(file, { delimiter })).toEqual([["2026-11-29", inertText(name), "eve"]]);
    },
  );
});
