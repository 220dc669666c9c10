import { useEffect } from "react";
import { useLocation, useNavigation } from "react-router";
import type { PageViews } from "./site-speed-beacon";

/**
 * The page each beacon last showed, kept with the beacon rather than the component: the root's
 * layout that asks is drawn afresh whenever an error page takes over or gives way (React Router
 * draws the two as different trees), and a page view must not be lost with it.
 */
const shownPages = new WeakMap<PageViews, string>();

/**
 * Tells the site-speed beacon about client-side navigations: when the router starts one, and
 * when it shows another page (a page view of its own, under the new page's name). Another page
 * is a new location, or a new page name at the same one: a refusal drawn for a form sent without
 * navigating (a fetcher's, from a tab opened before a role change) keeps the location, and the
 * seller then sees the refusal, not the page they were on.
 */
export function usePageViews(pageViews: PageViews | undefined, pageName: string | undefined): void {
  const { state } = useNavigation();
  const { key } = useLocation();
  const page = `${key} ${pageName ?? ""}`;

  // Before the navigation state's effect: a navigation that shows a page ends as it settles.
  useEffect(() => {
    if (!pageViews) return;
    const shown = shownPages.get(pageViews);
    shownPages.set(pageViews, page);
    // The first page is the one the browser loaded, which the beacon counts itself.
    if (shown !== undefined && shown !== page) pageViews.pageShown();
  }, [page, pageViews]);

  useEffect(() => {
    if (state === "idle") pageViews?.navigationSettled();
    else pageViews?.navigationStarted();
  }, [state, pageViews]);
}
