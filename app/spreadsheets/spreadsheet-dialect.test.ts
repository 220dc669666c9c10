import { describe, expect, it } from "vitest";
import { inertText, spreadsheetDialect } from "./spreadsheet-dialect";

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
