import { cloneElement, type ReactElement, type ReactNode } from "react";

/** A run of a message's words, inside one of its tags or outside any. */
export interface TaggedRun {
  text: string;
  tag?: string;
}

const TAG = /<([a-z]+)>(.*?)<\/\1>/gs;

/**
 * A formatted message whose words hold markup ("see all on the <link>listings page</link>") as
 * runs of words, each with its tag. The sentence stays whole for its translator, and the markup
 * where the language puts it. Tags are plain names, not nested; a tag not in `known` stays text,
 * so a translator's slip shows rather than vanishes. Lingui's `Trans` does this (its
 * `components`) from its macros, which the hub does not build (decision record 080).
 */
export function splitTags(message: string, known: readonly string[]): TaggedRun[] {
  const runs: TaggedRun[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    const [whole, tag = "", words = ""] = match;
    if (!known.includes(tag)) continue;
    if (match.index > last) runs.push({ text: message.slice(last, match.index) });
    runs.push({ text: words, tag });
    last = match.index + whole.length;
  }
  if (last < message.length) runs.push({ text: message.slice(last) });
  return runs;
}

/** What each tag of a message becomes, the tag's words its children: a link, an isolated number. */
export type RichTags = Record<string, ReactElement<{ children?: ReactNode }>>;

/** A message with markup, rendered: each tag's words in the element given for it. */
export function richText(message: string, tags: RichTags): ReactNode {
  return splitTags(message, Object.keys(tags)).map(({ text, tag }, index) =>
    tag ? cloneElement(tags[tag]!, { key: index }, text) : text,
  );
}
