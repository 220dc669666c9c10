/**
 * What the seller typed into the hub's search, made safe to search with. Shared by the server,
 * which searches, and the header's field, which sends only what the server would search.
 */

/** Titles are at most a line; a longer text finds nothing more, and costs every comparison. */
export const MAX_SEARCH_TEXT = 100;

export interface SearchText {
  /** The text searched: without control characters, trimmed, at most MAX_SEARCH_TEXT characters; empty when nothing is left. */
  text: string;
  /** Why the text searched differs from the text typed, in the seller's words; null when it does not. */
  notice: string | null;
}

/**
 * No title, label or message holds a control character, and PostgreSQL refuses to compare text
 * holding NUL: they are left out, and the seller is told. A long text is cut rather than refused,
 * so a pasted paragraph still finds what its first words name.
 */
export function readSearchText(typed: string | null): SearchText {
  const raw = typed ?? "";
  const printable = raw
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
  // Tabs and line breaks come with pasted text; they are spaces, not worth a word.
  const hadControls = /\p{Cc}/u.test(raw.replace(/[\t\n\r]/g, ""));
  const characters = [...printable];
  const cut = characters.length > MAX_SEARCH_TEXT;
  const text = cut ? characters.slice(0, MAX_SEARCH_TEXT).join("").trimEnd() : printable;
  const notices = [
    hadControls && "Control characters were left out of your search.",
    cut && `Only the first ${MAX_SEARCH_TEXT} characters were searched.`,
  ].filter((notice): notice is string => typeof notice === "string");
  return { text, notice: notices.length > 0 ? notices.join(" ") : null };
}
