import { describe, expect, it } from "vitest";
import { workerExecArgv } from "./cluster";

describe("workerExecArgv", () => {
  it("gives workers 8 MB semi-spaces after the primary's own flags", () => {
    expect(workerExecArgv(["--enable-source-maps"], "")).toEqual(["--enable-source-maps", "--max-semi-space-size=8"]);
  });

  it("leaves the operator's young generation alone, on the command line or in NODE_OPTIONS, either spelling", () => {
    expect(workerExecArgv(["--max-semi-space-size=32"], "")).toEqual(["--max-semi-space-size=32"]);
    expect(workerExecArgv([], "--trace-gc --max_semi_space_size=2")).toEqual([]);
  });

  it("adds its own when the operator's flags only resemble it", () => {
    expect(workerExecArgv([], "--max-semi-space-sizes=2 --max-old-space-size=512")).toEqual([
      "--max-semi-space-size=8",
    ]);
  });
});
