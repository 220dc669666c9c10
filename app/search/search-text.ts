import type { Text } from "~/i18n/language-text";

/**
 * What the seller typed into the hub's search, made safe to search with. Shared by the server,
 * which searches, and the header's field, which sends only what the server would search.
 */

/** Titles are at most a line; a longer text finds nothing more, and costs every comparison. */
export const MAX_SEARCH_TEXT = 100;

export interface SearchText {
  /** The text searched: without control characters, trimmed, at most MAX_SEARCH_TEXT characters; empty when nothing is left. */
  text: string;
  /** Why the text searched differs from the text typed, for the seller (`searchNotice`); empty when it does not. */
  notices: SearchNotice[];
}

/** What the search left out of the text typed. */
export type SearchNotice = "controls" | "cut";

/** The notices in the seller's words, one sentence each. */
export function searchNotice(notices: SearchNotice[], text: Text): string | null {
  if (notices.length === 0) return null;
  return notices
    .map((notice) =>
      notice === "controls" ? text("search.notice.controls") : text("search.notice.cut", { max: MAX_SEARCH_TEXT }),
    )
    .join(" ");
}

/**
 * No title, label or message holds a control character, and PostgreSQL refuses to compare text
 * holding NUL: they are left out, and the seller is told. A long text is cut rather than refused,
 * so a pasted paragraph still finds what its first words name.
 */
export function readSearchText(typed: string | null): SearchText {
  const raw = typed ?? "";
  // A control that spaces text (a tab, a line break) is a space; any other is left out, so a
  // pasted "Kin\0dle" still finds the Kindle, as the notice says ("left out").
  const printable = raw
    .replace(/\s+/gu, " ")
    .replace(/\p{Cc}/gu, "")
    .replace(/ {2,}/gu, " ")
    .trim();
  // Tabs and line breaks come with pasted text; they are spaces, not worth a word.
  const hadControls = /\p{Cc}/u.test(raw.replace(/[\t\n\r]/g, ""));
  const characters = [...printable];
  const cut = characters.length > MAX_SEARCH_TEXT;
  const text = cut ? characters.slice(0, MAX_SEARCH_TEXT).join("").trimEnd() : printable;
  const notices: SearchNotice[] = [...(hadControls ? ["controls" as const] : []), ...(cut ? ["cut" as const] : [])];
  return { text, notices };
}
