import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rebuildQuery, SOURCE_PARAMETER, type QueryChange } from "./rebuild-query";

/** Few keys, so that changes and current parameters meet often; offset and src among them. */
const key = fc.constantFrom("status", "condition", "q", "offset", "limit", "sort", "itemId", SOURCE_PARAMETER);
const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("", "  ", " used ", "0", "40"),
  fc.integer({ min: -5, max: 500 }),
  fc.constant(null),
  fc.constant(undefined),
);
const current = fc
  .array(fc.tuple(key, fc.string({ maxLength: 12 })), { maxLength: 8 })
  .map((pairs) => new URLSearchParams(pairs));
const changes = fc.array(fc.tuple(key, value) as fc.Arbitrary<QueryChange>, { maxLength: 6 });
const src = fc.option(fc.oneof(fc.string({ maxLength: 8 }), fc.constant("  ")), { nil: undefined });

const trimmed = (input: unknown) => String(input ?? "").trim();

describe("rebuildQuery, for any query and any changes", () => {
  it("gives each changed key its last trimmed value, or removes it when that is empty", () => {
    fc.assert(
      fc.property(current, changes, src, (query, list, source) => {
        const rebuilt = rebuildQuery(query, list, source);
        const last = new Map(
          list.filter(([name]) => name !== SOURCE_PARAMETER).map(([name, change]) => [name, trimmed(change)]),
        );
        const expected = [...last].map(([name, change]) => [name, change === "" ? [] : [change]]);
        expect(expected.map(([name]) => [name, rebuilt.getAll(name as string)])).toEqual(expected);
      }),
    );
  });

  it("resets any offset to 0 unless the changes set one", () => {
    fc.assert(
      fc.property(current, changes, src, (query, list, source) => {
        const offsetChanged = list.some(([name]) => name === "offset");
        const rebuilt = rebuildQuery(query, list, source);
        expect(offsetChanged || !query.has("offset") ? "untouched" : rebuilt.getAll("offset")).toEqual(
          offsetChanged || !query.has("offset") ? "untouched" : ["0"],
        );
      }),
    );
  });

  it("keeps every parameter it was not asked to change, with all its values", () => {
    fc.assert(
      fc.property(current, changes, src, (query, list, source) => {
        const rebuilt = rebuildQuery(query, list, source);
        const untouched = [...new Set(query.keys())].filter(
          (name) => name !== "offset" && name !== SOURCE_PARAMETER && !list.some(([changed]) => changed === name),
        );
        expect(untouched.map((name) => rebuilt.getAll(name))).toEqual(untouched.map((name) => query.getAll(name)));
      }),
    );
  });

  it("names this reload's source, or none, whatever the previous one was", () => {
    fc.assert(
      fc.property(current, changes, src, (query, list, source) => {
        expect(rebuildQuery(query, list, source).getAll(SOURCE_PARAMETER)).toEqual(
          trimmed(source) === "" ? [] : [trimmed(source)],
        );
      }),
    );
  });

  it("gives the same parameters when applied twice (their order may differ, and means nothing)", () => {
    const sorted = (query: URLSearchParams) => [...query].sort(([a], [b]) => a.localeCompare(b));
    fc.assert(
      fc.property(current, changes, src, (query, list, source) => {
        const once = rebuildQuery(query, list, source);
        expect(sorted(rebuildQuery(once, list, source))).toEqual(sorted(once));
      }),
    );
  });

  it("never changes the query it was given", () => {
    fc.assert(
      fc.property(current, changes, src, (query, list, source) => {
        const before = query.toString();
        rebuildQuery(query, list, source);
        expect(query.toString()).toBe(before);
      }),
    );
  });
});
