import type { ReactNode } from "react";
import { FIRST_STRONG_ISOLATE, POP_DIRECTIONAL_ISOLATE } from "~/i18n/bidi";

/** Unicode's isolate openers (UAX #9), and the direction each gives its `<bdi>`: LRI, RLI, FSI. */
const OPENERS: Readonly<Record<string, "ltr" | "rtl" | undefined>> = {
  "\u2066": "ltr",
  "\u2067": "rtl",
  [FIRST_STRONG_ISOLATE]: undefined,
};

/**
 * A sentence whose isolated values (`isolate`, or a right-to-left catalogue's, which may nest
 * inside one another) are rendered as `<bdi>` elements, nested as they were: the same isolation
 * by markup, so the page's text, its accessible names and a copy of it hold no invisible
 * characters. An isolate left open runs to the end, as Unicode's does; a stray pop is dropped.
 */
export function Isolated({ text }: { text: string }): ReactNode {
  return runsFrom(text, 0, false).runs;
}

function runsFrom(text: string, from: number, inside: boolean): { runs: ReactNode[]; end: number } {
  const runs: ReactNode[] = [];
  let plain = "";
  let index = from;
  const flush = () => {
    if (plain !== "") runs.push(plain);
    plain = "";
  };
  while (index < text.length) {
    const char = text[index] as string;
    if (char in OPENERS) {
      flush();
      const inner = runsFrom(text, index + 1, true);
      runs.push(
        <bdi key={index} dir={OPENERS[char]}>
          {inner.runs}
        </bdi>,
      );
      index = inner.end;
    } else if (char === POP_DIRECTIONAL_ISOLATE) {
      index += 1;
      if (inside) break;
    } else {
      plain += char;
      index += 1;
    }
  }
  flush();
  return { runs, end: index };
}
