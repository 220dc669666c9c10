import { describe, expect, it } from "vitest";
import { inertText, plainAmount, spreadsheetDialect } from "./spreadsheet-dialect";

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

describe("an amount as a spreadsheet reads it", () => {
  it.each([
    [1_234, 100, ".", "12.34"],
    [5, 100, ",", "0,05"],
    [0, 100, ".", "0.00"],
    [1_500, 1, ",", "1500"],
    [12_345, 1_000, ",", "12,345"],
    [7, 1_000, ".", "0.007"],
    [-250, 100, ".", "-2.50"],
    // The largest amount whole-number arithmetic holds exactly: no float rounding on the way out.
    [2 ** 53 - 1, 100, ".", "90071992547409.91"],
    [2 ** 53 - 1, 1_000, ",", "9007199254740,991"],
  ] as const)("%i minor units at %i a unit, mark %s: %s", (minor, perMajor, mark, written) => {
    expect(plainAmount(minor, perMajor, mark)).toBe(written);
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
