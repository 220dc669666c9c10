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

  it("reads shorthands whose left and right differ, and lets symmetric ones be", () => {
    const css = `.a { margin: 0 2rem 0.5rem 0; padding: 1px 2px 3px 2px; inset: 0 auto 0 0; border-radius: 4px 0 }
      .b { padding: 0.75rem 0.75rem 0.75rem 1rem; border-width: 1px 2px 1px 3px; border-radius: 4px 4px 0 0 }
      .c { margin: 0 auto; padding: 1px 2px 3px; scroll-padding: 1px 1px 1px 1px; border-radius: 4px 4px 4px; border-radius: 4px / 2px; margin: calc(1px + 2px) 0 }`;
    expect(physicalDeclarations(css, "x.css")).toEqual([
      "x.css:1: margin: 0 2rem 0.5rem 0",
      "x.css:1: inset: 0 auto 0 0",
      "x.css:1: border-radius: 4px 0",
      "x.css:2: padding: 0.75rem 0.75rem 0.75rem 1rem",
      "x.css:2: border-width: 1px 2px 1px 3px",
    ]);
  });
});
