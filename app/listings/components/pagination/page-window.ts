/** A page number, or a gap standing for the pages left out between two numbers. */
export type PageWindowItem = number | "gap";

/**
 * The pages a pager shows: the first, the last, and the current one with its neighbours; a gap
 * replaces two or more pages left out, a single left-out page is shown instead of a gap.
 */
export function pageWindow(current: number, count: number): PageWindowItem[] {
  const shown = new Set([1, count, current - 1, current, current + 1].filter((page) => page >= 1 && page <= count));
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageWindowItem[] = [];
  for (const page of pages) {
    const previous = items.at(-1);
    if (typeof previous === "number" && page - previous === 2) items.push(previous + 1);
    else if (typeof previous === "number" && page - previous > 2) items.push("gap");
    items.push(page);
  }
  return items;
}
