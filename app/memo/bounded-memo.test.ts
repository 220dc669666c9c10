import { describe, expect, it } from "vitest";
import { boundedMemo } from "./bounded-memo";

describe("boundedMemo", () => {
  it("computes each key once while it is remembered", () => {
    const computed: string[] = [];
    const shout = boundedMemo(10, (word: string) => (computed.push(word), word.toUpperCase()));
    expect([shout("a"), shout("b"), shout("a")]).toEqual(["A", "B", "A"]);
    expect(computed).toEqual(["a", "b"]);
  });

  it("remembers undefined answers too", () => {
    let calls = 0;
    const nothing = boundedMemo(10, () => (calls++, undefined));
    nothing("x");
    nothing("x");
    expect(calls).toBe(1);
  });

  it("never holds more than its capacity: keys sent by clients cannot grow it without bound", () => {
    const computed: number[] = [];
    const double = boundedMemo(2, (n: number) => (computed.push(n), n * 2));
    for (const n of [1, 2, 3, 1]) double(n);
    // 1 was the oldest when 3 arrived, so it is computed again.
    expect(computed).toEqual([1, 2, 3, 1]);
  });
});
