import type { ReactNode } from "react";

export interface TableScrollProps {
  /** What the table holds, in a few words: the region's name. */
  label: string;
  /** One table. */
  children: ReactNode;
}

/**
 * A wide table's own region, which scrolls sideways when the screen is narrower than the table,
 * so the page itself never does (WCAG 2.2 1.4.10 Reflow). The region is in the tab order, as a
 * scrolling region must be for a keyboard to scroll it (WCAG 2.1.1; axe's
 * scrollable-region-focusable), and named, so that stopping there says what it is. The first
 * column stays in view while the rest scrolls (decision record 066).
 */
export function TableScroll({ label, children }: TableScrollProps) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must be reachable to scroll by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
