import { useState, type AnchorHTMLAttributes, type MouseEvent } from "react";
import { PrefetchPageLinks } from "react-router";
import type { QueryChanges } from "~/refiltering/rebuild-query";
import { useRefilter } from "~/refiltering/use-refilter";

export interface RefilterLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** The changes to the current page's query that this link applies. */
  changes: QueryChanges;
  /** Called once the re-filtered page shows, e.g. to move focus to the new results. */
  onRefiltered?(): void;
}

/**
 * A link to the current page with changed filters. A plain click re-filters in place (docs/product/calls-and-limits.md:
 * partial-page navigation with its before and after events); without JavaScript, or opened in
 * a new tab, it is an ordinary link to the same address. Like the hub's other links, it fetches
 * its page's data ahead when the seller shows intent (pointer or focus on it).
 */
export function RefilterLink({ changes, onRefiltered, onClick, children, ...props }: RefilterLinkProps) {
  const { refilter, hrefFor } = useRefilter();
  const href = hrefFor(changes);
  const [intent, setIntent] = useState(false);
  const showIntent = () => setIntent(true);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    void refilter(changes).then(onRefiltered);
  };
  return (
    <>
      <a {...props} href={href} onClick={follow} onMouseEnter={showIntent} onFocus={showIntent}>
        {children}
      </a>
      {intent && <PrefetchPageLinks page={href} />}
    </>
  );
}

/** A click that asks for a new tab or window, or a download, is the browser's to handle. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
