import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PAGE_LABELS, pageLabel } from "./page-labels";

/**
 * Every route module's handle, read from its source: importing the routes would bring in what
 * only the build provides (the frame's standalone script).
 */
const handles = readdirSync("app/routes", { recursive: true, encoding: "utf8" })
  .filter((file) => /\.tsx?$/.test(file) && !file.includes("+types"))
  .flatMap((file) => {
    const source = readFileSync(join("app/routes", file), "utf8");
    const handle = /export const handle[^=]*=\s*\{([^}]*)\}/.exec(source)?.[1];
    const pageName = handle && /pageName:\s*"([^"]+)"/.exec(handle)?.[1];
    return pageName ? [{ file, pageName, title: /title:\s*"([^"]+)"/.exec(handle)?.[1] }] : [];
  });

/** Pages whose header repeats their parent's heading: the dashboard names what they are. */
const OWN_LABELS: Record<string, string> = { sellerHubProductInsights: "insights.heading" };

describe("page labels", () => {
  it("names every page a route measures, by the page's own heading where it has one", () => {
    expect(handles.length).toBeGreaterThan(10);
    for (const { file, pageName, title } of handles) {
      expect(PAGE_LABELS[pageName], `${file}: ${pageName} has no label`).toBeDefined();
      // A page without a heading of its own (sign-in, the framed summary) may have any label.
      expect(PAGE_LABELS[pageName], file).toBe(OWN_LABELS[pageName] ?? title ?? PAGE_LABELS[pageName]);
    }
  });

  it("leaves a name the hub does not know as it came, and never reads an inherited key", () => {
    const text = (key: string) => `«${key}»`;
    expect(pageLabel("sellerHubOverview", text)).toBe("«nav.overview»");
    expect(pageLabel("someoneElsesPage", text)).toBe("someoneElsesPage");
    expect(pageLabel("constructor", text)).toBe("constructor");
  });
});
