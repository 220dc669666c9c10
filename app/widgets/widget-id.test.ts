import { describe, expect, it } from "vitest";
import { widgetIdOf } from "./widget-id";

describe("widgetIdOf", () => {
  it("gives the id of a model that has one", () => {
    expect(widgetIdOf({ id: "price-drop" })).toBe("price-drop");
    expect(widgetIdOf({ id: 42 })).toBe("42");
  });

  it("gives nothing for a model without an id key", () => {
    expect(widgetIdOf({ title: "Hello" })).toBeUndefined();
  });

  it.each([[""], ["   "], [null], [undefined]])("throws exactly 'Invalid widget ID' for the id %j", (id) => {
    expect(() => widgetIdOf({ id })).toThrow(new Error("Invalid widget ID"));
  });
});
