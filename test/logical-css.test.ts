import { globSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { physicalDeclarations } from "./logical-css";

describe("style sheets, for right to left", () => {
  it.each(globSync("app/**/*.css"))("%s uses logical properties: start and end, not left and right", (file) => {
    expect(physicalDeclarations(readFileSync(file, "utf8"), file)).toEqual([]);
  });

  it("finds the physical declarations it is about, and lets a reasoned one be", () => {
    const css = `.a { margin-left: 1px; text-align: right; left: 0; padding-inline-start: 1px; top: 0; border-top-right-radius: 2px }
      .b { /* physical: centred */ left: 50%; float: inline-start }`;
    expect(physicalDeclarations(css, "x.css")).toEqual([
      "x.css:1: margin-left: 1px",
      "x.css:1: text-align: right",
      "x.css:1: left: 0",
      "x.css:1: border-top-right-radius: 2px",
    ]);
  });
});
