import type { ReactNode } from "react";
import { FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE } from "~/i18n/bidi";

const ISOLATED = new RegExp(`${FIRST_STRONG_ISOLATE}([^${POP_DIRECTIONAL_ISOLATE}]*)${POP_DIRECTIONAL_ISOLATE}`, "g");

/**
 * A sentence whose isolated values (`isolate`, or a right-to-left catalogue's) are rendered as
 * `<bdi>` elements: the same isolation by markup, so the page's text, its accessible names and a
 * copy of it hold no invisible characters.
 */
export function Isolated({ text }: { text: string }): ReactNode {
  const runs: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ISOLATED)) {
    if (match.index > last) runs.push(text.slice(last, match.index));
    runs.push(<bdi key={match.index}>{match[1]}</bdi>);
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push(text.slice(last));
  return runs;
}
