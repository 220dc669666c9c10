import { describe, expect, it } from "vitest";
import { searchFold } from "./search-fold";

describe("searchFold", () => {
  it("folds case and the accents of Latin, Greek and Cyrillic letters, typed whole or as marks", () => {
    expect(searchFold("Écran")).toBe("ecran");
    expect(searchFold("E\u0301CRAN")).toBe("ecran");
    expect(searchFold("Crème Brûlée")).toBe("creme brulee");
    expect(searchFold("Ἀθῆναι")).toBe("αθηναι");
    expect(searchFold("Ёлка")).toBe("елка");
  });

  it("reads Greek's final ς as σ, so that a word typed in part or in capitals finds the whole one", () => {
    expect(searchFold("ΟΔΟΣ")).toBe("οδοσ");
    expect(searchFold("Θάλασσα")).toContain(searchFold("ΘΑΛΑΣ"));
  });

  it("writes ß, and its capital, as ss", () => {
    expect(searchFold("Straße")).toBe("strasse");
    expect(searchFold("STRAẞE")).toBe("strasse");
  });

  it("keeps letters of their own, and the marks that make other letters in other scripts", () => {
    expect(searchFold("Ølkasse łódź")).toBe("ølkasse łodz");
    expect(searchFold("ガラス")).toBe("ガラス");
    expect(searchFold("ガラス").normalize("NFD")).not.toBe("カラス".normalize("NFD"));
    expect(searchFold("हिन्दी")).toBe("हिन्दी");
  });

  it("leaves ASCII as its lower case", () => {
    expect(searchFold("USB-C 10_pack 100%")).toBe("usb-c 10_pack 100%");
  });
});
