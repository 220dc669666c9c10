/**
 * The styles of docs/product/models.md and their rule, without the schema: the browser renders text display
 * models already validated on the server and should not download a schema library to do it.
 */
export const TEXT_STYLES = [
  "NEGATIVE",
  "POSITIVE",
  "BOLD",
  "SUPERSCRIPT",
  "SUBSCRIPT",
  "STRIKETHROUGH",
  "EMPHASIS",
  "HIGHLIGHT",
  "ITALIC",
  "DEFAULT",
] as const;
export type TextStyle = (typeof TEXT_STYLES)[number];

export const STYLES_NOT_AN_ARRAY = "Styles must be passed as an array";

/** Components render models that may come from anywhere; a non-array styles field is refused as the spec says. */
export function assertStyles(styles: unknown): asserts styles is TextStyle[] | undefined {
  if (styles !== undefined && !Array.isArray(styles)) throw new TypeError(STYLES_NOT_AN_ARRAY);
}
