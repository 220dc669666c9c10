import { describe, expect, it } from "vitest";
import { labelEvery, linearScale, niceTicks } from "./chart-scale";

describe("linearScale", () => {
  it("maps a domain onto pixels, upside down for a y axis", () => {
    const y = linearScale([0, 4000], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(1000)).toBe(150);
    expect(y(4000)).toBe(0);
  });

  it("survives an empty domain", () => {
    expect(linearScale([0, 0], [0, 100])(0)).toBe(0);
  });
});

describe("niceTicks", () => {
  it("steps by 1, 2 or 5 times a power of ten and reaches the maximum", () => {
    expect(niceTicks(4400)).toEqual([0, 2000, 4000, 6000]);
    expect(niceTicks(550)).toEqual([0, 200, 400, 600]);
    expect(niceTicks(0.275)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(12)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
  });

  it("gives a usable axis when there is nothing to show", () => {
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe("labelEvery", () => {
  it("thins labels to what fits", () => {
    expect(labelEvery(7, 8)).toBe(1);
    expect(labelEvery(24, 8)).toBe(3);
    expect(labelEvery(30, 8)).toBe(4);
  });
});
