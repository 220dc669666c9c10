/** What the listings page's selection form asks for (its `intent`). */
export const SELECTION_INTENTS = {
  select: "Tick listings (JavaScript: one checkbox, or the page's)",
  unselect: "Untick listings",
  all: "Select all listings matching the filters, on every page",
  clear: "Clear the selection",
  save: "Without JavaScript: keep the page's ticks",
  choose: "Keep the page's ticks and go on to choosing the change",
} as const;

export type SelectionIntent = keyof typeof SELECTION_INTENTS;
