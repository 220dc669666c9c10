/*
 * The styles of the text display model, apart from its schema: components import these, and the
 * browser need not download the schema library to render a model the server has checked.
 */

/** The ten styles of spec §3. */
export const TEXT_STYLES = ["NEGATIVE", "POSITIVE", "BOLD", "SUPERSCRIPT", "SUBSCRIPT", "STRIKETHROUGH", "EMPHASIS", "HIGHLIGHT", "ITALIC", "DEFAULT"] as const;
export type TextStyle = (typeof TEXT_STYLES)[number];

export const STYLES_NOT_AN_ARRAY = "Styles must be passed as an array";

/** Components render models that may come from anywhere; a non-array styles field is refused as the spec says. */
export function assertStyles(styles: unknown): asserts styles is TextStyle[] | undefined {
  if (styles !== undefined && !Array.isArray(styles)) throw new TypeError(STYLES_NOT_AN_ARRAY);
}
