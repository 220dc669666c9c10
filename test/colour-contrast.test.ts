import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

/*
 * The colour tokens of app/styles/app.css, read as the browser reads them: each `light-dark(a, b)`
 * gives the light scheme a and the dark scheme b. axe checks the contrast of text on the pages the
 * end-to-end tests walk through, but not of graphics (the chart's lines and bars, a control's edge,
 * the focus ring: WCAG 1.4.11), nor of a pairing no page happens to show while it looks. This test
 * checks each text and graphics token listed below on each surface listed below, in both schemes:
 * a new token, or a colour written outside the tokens, must be added to the lists to be checked.
 */
const styleSheet = readFileSync(new URL("../app/styles/app.css", import.meta.url), "utf8");

type Scheme = "light" | "dark";

function colourTokens(): Map<string, Record<Scheme, string>> {
  const start = styleSheet.indexOf(":root {");
  const block = styleSheet.slice(start, styleSheet.indexOf("\n}", start));
  const tokens = new Map<string, Record<Scheme, string>>();
  for (const [, name, light, dark, both] of block.matchAll(
    /(--[\w-]+):\s*(?:light-dark\((#[\da-f]{6}),\s*(#[\da-f]{6})\)|(#[\da-f]{6}));/gi,
  )) {
    tokens.set(name as string, { light: (light ?? both) as string, dark: (dark ?? both) as string });
  }
  return tokens;
}

const tokens = colourTokens();

function colour(name: string, scheme: Scheme): string {
  const token = tokens.get(name);
  if (!token) throw new Error(`${name} is not an opaque colour token of :root in app.css`);
  return token[scheme];
}

/** WCAG 2.2's relative luminance of an sRGB colour written #rrggbb. */
function luminance(hex: string): number {
  const [red, green, blue] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

function contrast(one: string, other: string): number {
  const [lighter, darker] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Where text and graphics sit: the page, its panels, and the surfaces that set something apart. */
const SURFACES = [
  "--paper",
  "--canvas",
  "--selected-surface",
  "--warning-surface",
  "--alert-surface",
  "--success-surface",
  "--info-surface",
  // Marked text (an operator's message's HIGHLIGHT), which may hold a link or a NEGATIVE style.
  "--highlight",
];

/** Text colours, each used on any of the surfaces: 4.5:1 (WCAG 1.4.3). */
const TEXT = [
  "--ink",
  "--ink-muted",
  "--accent",
  "--negative",
  "--positive",
  "--rating-good",
  "--rating-needs-improvement",
  "--rating-poor",
];

/**
 * Graphics a seller must see to use the hub (WCAG 1.4.11, 3:1): a control's edge, the focus ring,
 * the charts' line and rating bands, the stars' outline, a warning's edge.
 */
const GRAPHICS = ["--control-line", "--focus", "--accent", "--star-outline", "--warning-line", ...TEXT.slice(5)];

describe.each(["light", "dark"] as const)("the %s scheme", (scheme) => {
  test.each(TEXT.flatMap((text) => SURFACES.map((surface) => [text, surface])))(
    "text in %s on %s has 4.5:1",
    (text, surface) => {
      expect(contrast(colour(text, scheme), colour(surface, scheme))).toBeGreaterThanOrEqual(4.5);
    },
  );

  test.each(GRAPHICS.flatMap((graphic) => SURFACES.map((surface) => [graphic, surface])))(
    "%s on %s has 3:1",
    (graphic, surface) => {
      expect(contrast(colour(graphic, scheme), colour(surface, scheme))).toBeGreaterThanOrEqual(3);
    },
  );

  test("text on the search's highlighted match and on the accent's buttons has 4.5:1", () => {
    expect(contrast(colour("--ink", scheme), colour("--highlight", scheme))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour("--accent-ink", scheme), colour("--accent", scheme))).toBeGreaterThanOrEqual(4.5);
  });
});

test("every colour of :root is read here, but the translucent ones (hover, shadow, backdrop)", () => {
  // A colour written another way (rgb(), a name, a third value) would otherwise escape the checks above.
  const start = styleSheet.indexOf(":root {");
  const block = styleSheet.slice(start, styleSheet.indexOf("\n}", start));
  const colours = [...block.matchAll(/^\s*(--[\w-]+):\s*(?:light-dark\(|#|rgb)/gm)].map(([, name]) => name as string);
  expect(colours.filter((name) => !tokens.has(name))).toEqual(["--hover-surface", "--shadow", "--backdrop"]);
});
