import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { SHELL_RESOURCE_ROUTES } from "./shell.server";

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

/** Each route inside the shell's layout, as its address pattern and module file. */
function shellRoutes(): { pattern: string; file: string }[] {
  const layout = (routes as RouteEntry[]).find((entry) => entry.file === "routes/sh/shell.tsx");
  const flatten = (entries: RouteEntry[], parent: string): { pattern: string; file: string }[] =>
    entries.flatMap((entry) => {
      const pattern = entry.path ? `${parent}/${entry.path}` : parent;
      return [{ pattern, file: entry.file }, ...flatten(entry.children ?? [], pattern)];
    });
  return flatten(layout?.children ?? [], "");
}

describe("the shell's resource routes", () => {
  it("are exactly the routes inside the shell whose module renders no page", async () => {
    const rendersNothing: string[] = [];
    for (const { pattern, file } of shellRoutes()) {
      const module = (await import(resolve("app", file))) as { default?: unknown };
      if (module.default === undefined) rendersNothing.push(pattern);
    }
    expect(rendersNothing.length).toBeGreaterThan(0);
    expect(new Set(rendersNothing)).toEqual(SHELL_RESOURCE_ROUTES);
  });
});
