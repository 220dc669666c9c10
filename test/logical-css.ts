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

export function physicalDeclarations(css: string, file: string): string[] {
  const found: string[] = [];
  parse(css, { from: file }).walkDecls((declaration: Declaration) => {
    const previous = declaration.prev();
    if (previous?.type === "comment" && previous.text.startsWith("physical:")) return;
    const physical =
      PHYSICAL_PROPERTY.test(declaration.prop) || PHYSICAL_VALUE[declaration.prop]?.test(declaration.value.trim());
    if (physical) found.push(`${file}:${declaration.source?.start?.line}: ${declaration.prop}: ${declaration.value}`);
  });
  return found;
}
