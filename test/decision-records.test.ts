import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** The decision records and their index (docs/decisions/README.md) stay in step. */
const FOLDER = "docs/decisions";
const records = readdirSync(FOLDER).filter((name) => /^\d{3}-.+\.md$/.test(name));
const index = readFileSync(`${FOLDER}/README.md`, "utf8");

describe("decision records", () => {
  it.each(records)("%s has a status line with its date, and a row in the index", (name) => {
    expect(readFileSync(`${FOLDER}/${name}`, "utf8")).toMatch(
      /^# \d{3} — .+\n\n\*\*Status\.\*\* (Proposed|Accepted|Superseded)[^\n]*\d{4}-\d{2}-\d{2}/,
    );
    expect(index).toContain(`(${name})`);
  });

  it("the index lists no record that is not there", () => {
    const listed = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map(([, name]) => name);
    expect(listed.toSorted()).toEqual(records.toSorted());
  });
});
