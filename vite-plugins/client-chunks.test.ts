import { resolve } from "node:path";
import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { chunkGroups } from "./client-chunks.ts";

const app = (file: string) => resolve("app", file);
const pkg = (file: string) => resolve("node_modules", file);

/** A small app: static imports per module; lazy imports are not listed (they are not followed). */
const IMPORTS: Record<string, string[]> = {
  [app("entry.client.tsx")]: [pkg("react-dom/client.js")],
  [app("root.tsx")]: [pkg("react/index.js"), app("beacon.ts"), app("cookies.ts")],
  [app("beacon.ts")]: [app("cookies.ts")],
  [app("cookies.ts")]: [],
  [app("routes/shell.tsx")]: [
    pkg("react-router/index.js"),
    app("cookies.ts"),
    app("messages.tsx"),
    app("tracking.ts"),
    app("button.tsx"),
  ],
  [app("messages.tsx")]: [app("text.tsx"), pkg("zod/index.js")],
  [app("text.tsx")]: [],
  [app("tracking.ts")]: [app("page-name.ts")],
  [app("page-name.ts")]: [],
  [app("button.tsx")]: [],
  [app("routes/overview.tsx")]: [app("money.ts"), app("text.tsx")],
  [app("money.ts")]: [],
  [app("routes/signin.tsx")]: [app("button.tsx")],
  [app("frame/frame.ts")]: [app("tracking.ts"), pkg("zod/index.js")],
  [app("dialog.tsx")]: [app("text.tsx")],
  [pkg("zod/index.js")]: [],
  [pkg("react/index.js")]: [],
  [pkg("react-router/index.js")]: [],
  [pkg("react-dom/client.js")]: [],
};

const context: Rolldown.ChunkingContext = {
  getModuleInfo: (id) => (id in IMPORTS ? ({ importedIds: IMPORTS[id] } as unknown as Rolldown.ModuleInfo) : null),
};

function groupOf(id: string): string | null {
  for (const group of chunkGroups({
    appDirectory: "app",
    routes: [{ file: "routes/signin.tsx" }, { file: "routes/shell.tsx", children: [{ file: "routes/overview.tsx" }] }],
    entry: "entry.client.tsx",
    root: "root.tsx",
    layouts: ["routes/shell.tsx"],
    standaloneScripts: ["app/frame/frame.ts"],
  }).sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0))) {
    if (typeof group.name === "string") {
      if (typeof group.test === "function" && group.test(id)) return group.name;
      continue;
    }
    const name = group.name(id, context);
    if (name) return name;
  }
  return null;
}

describe("client chunk groups", () => {
  it("puts the framework packages with the client entry", () => {
    expect(groupOf(app("entry.client.tsx"))).toBe("entry");
    for (const id of [pkg("react/index.js"), pkg("react-dom/client.js"), pkg("react-router/index.js")])
      expect(groupOf(id)).toBe("entry");
  });

  it("puts the root's static imports with the root, shared ones included", () => {
    expect(groupOf(app("root.tsx"))).toBe("root");
    expect(groupOf(app("beacon.ts"))).toBe("root");
    expect(groupOf(app("cookies.ts"))).toBe("root");
  });

  it("puts the layout's static imports with the layout, also those its pages or dialogs share", () => {
    expect(groupOf(app("routes/shell.tsx"))).toBe("shell");
    expect(groupOf(app("messages.tsx"))).toBe("shell");
    expect(groupOf(app("text.tsx"))).toBe("shell");
  });

  it("keeps out of the groups what a route outside the layout or a standalone script also loads", () => {
    expect(groupOf(app("button.tsx"))).toBe("button");
    expect(groupOf(app("tracking.ts"))).toBe("tracking");
    expect(groupOf(pkg("zod/index.js"))).toBe("zod");
  });

  it("puts together the shared modules that exactly the same entries load, named after the one that imports the others", () => {
    expect(groupOf(app("page-name.ts"))).toBe("tracking");
    expect(groupOf(app("button.tsx"))).toBe("button");
  });

  it("leaves pages, their own modules and lazily loaded ones to the bundler", () => {
    for (const id of [
      app("routes/overview.tsx"),
      app("money.ts"),
      app("routes/signin.tsx"),
      app("frame/frame.ts"),
      app("dialog.tsx"),
    ])
      expect(groupOf(id)).toBeNull();
  });
});
