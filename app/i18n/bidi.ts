/**
 * Unicode's first strong isolate and its pop (UAX #9, "Explicit Directional Isolates"): a value
 * between them is laid out in its own direction, and neither it nor the words around it pull the
 * other. What ICU's MessageFormat 2 does to every value by default.
 */
export const FIRST_STRONG_ISOLATE = "\u2068";
export const POP_DIRECTIONAL_ISOLATE = "\u2069";

/**
 * A name or title a seller typed, set apart for a sentence in any language: "Made سارة (sara) a
 * viewer" would otherwise read the parenthesis and the words after it as part of the Arabic
 * name's run. For the page only: a file a spreadsheet opens keeps the name as typed.
 */
export const isolate = (value: string): string => `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}`;
