import { parse, type Declaration } from "postcss";

/**
 * The lint rule for right to left: every style says start and end, not left and right, so that a
 * page in a right-to-left language lays out mirrored with no style of its own (issue 29). Top and
 * bottom are left alone: the hub's languages all write in lines from top to bottom. A declaration
 * that must stay physical says why in a comment before it beginning "physical:".
 */
const PHYSICAL_PROPERTY =
  /^(?:(?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)(?:-.+)?|left|right|border-(?:top|bottom)-(?:left|right)-radius)$/;
const PHYSICAL_VALUE: Record<string, RegExp> = {
  "text-align": /^(?:left|right)$/,
  float: /^(?:left|right)$/,
  clear: /^(?:left|right)$/,
};

/** Shorthands of four sides, top, right, bottom and left: physical when the right and the left differ. */
const FOUR_SIDES = /^(?:margin|padding|inset|scroll-margin|scroll-padding|border-width|border-style|border-color)$/;

/** A value's parts, split at the spaces outside parentheses (`calc(1px + 2px) 0` is two). */
function partsOf(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let part = "";
  for (const char of value.trim()) {
    if (char === "(") depth++;
    if (char === ")") depth--;
    if (/\s/.test(char) && depth === 0) {
      if (part) parts.push(part);
      part = "";
    } else part += char;
  }
  if (part) parts.push(part);
  return parts;
}

/**
 * Whether a shorthand's sides or corners differ between left and right, so that the page
 * mirrored would need it mirrored too: `margin: 0 2rem 0.5rem 0` (right 2rem, left 0) does;
 * `margin: 0 auto` does not.
 */
function asymmetricShorthand(prop: string, value: string): boolean {
  if (FOUR_SIDES.test(prop)) {
    const sides = partsOf(value);
    return sides.length === 4 && sides[1] !== sides[3];
  }
  if (prop === "border-radius") {
    // Each of the horizontal and vertical radii: top-left, top-right, bottom-right, bottom-left.
    return value.split("/").some((radii) => {
      const [a, b = a, c = a, d = b] = partsOf(radii);
      return a !== b || c !== d;
    });
  }
  return false;
}

export function physicalDeclarations(css: string, file: string): string[] {
  const found: string[] = [];
  parse(css, { from: file }).walkDecls((declaration: Declaration) => {
    const previous = declaration.prev();
    if (previous?.type === "comment" && previous.text.startsWith("physical:")) return;
    const physical =
      PHYSICAL_PROPERTY.test(declaration.prop) ||
      PHYSICAL_VALUE[declaration.prop]?.test(declaration.value.trim()) ||
      asymmetricShorthand(declaration.prop, declaration.value);
    if (physical) found.push(`${file}:${declaration.source?.start?.line}: ${declaration.prop}: ${declaration.value}`);
  });
  return found;
}
