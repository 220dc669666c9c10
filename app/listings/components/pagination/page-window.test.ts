import { describe, expect, it } from "vitest";
import { pageWindow } from "./page-window";

describe("pageWindow", () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, "gap", 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 8, [1, "gap", 4, 5, 6, 7, 8]],
    [4, 8, [1, 2, 3, 4, 5, "gap", 8]],
    [8, 8, [1, "gap", 7, 8]],
    [50, 100, [1, "gap", 49, 50, 51, "gap", 100]],
  ])("page %i of %i shows %j", (current, count, expected) => {
    expect(pageWindow(current, count)).toEqual(expected);
  });
});
