import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { completeLock } from "./complete-lockfile";

describe("completing the lock file for npm ci", () => {
  it("records an optional dependency the lock left out, once, as optional", () => {
    const lock = {
      packages: {
        "": {},
        "node_modules/linter": {
          version: "1.0.0",
          dev: true,
          optionalDependencies: { "@linter/binding-linux-x64": "1.0.0", "@linter/binding-darwin-arm64": "1.0.0" },
        },
        "node_modules/@linter/binding-linux-x64": { version: "1.0.0", dev: true, optional: true },
      },
    };
    expect(completeLock(lock)).toEqual(["@linter/binding-darwin-arm64@1.0.0"]);
    expect(lock.packages).toHaveProperty(["node_modules/@linter/binding-darwin-arm64"], {
      version: "1.0.0",
      dev: true,
      optional: true,
    });
    expect(completeLock(lock)).toEqual([]);
  });

  it("finds the committed lock complete, so CI's npm ci accepts it", () => {
    expect(completeLock(JSON.parse(readFileSync("package-lock.json", "utf8")))).toEqual([]);
  });
});
