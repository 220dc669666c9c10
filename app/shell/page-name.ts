/**
 * The name of the page being shown, for tracking and the site-speed beacon. The root layout
 * writes the deepest route's `handle.pageName` on <html> in the server's markup and keeps it
 * current on client-side navigations, so code outside React — even code that runs before
 * hydration, or when hydration fails — can read it.
 */

/** Pages whose route has no handle of their own. */
export const DEFAULT_PAGE_NAME = "sellerHub";

/** The page shown right now. */
export function shownPageName(): string {
  return document.documentElement.dataset.pageName || DEFAULT_PAGE_NAME;
}
