import { useEffect } from "react";
import { useLocation, useNavigation } from "react-router";
import type { PageViews } from "./site-speed-beacon";

/**
 * The location each beacon last showed, kept with the beacon rather than the component: the root's
 * layout that asks is drawn afresh whenever an error page takes over or gives way (React Router
 * draws the two as different trees), and a page view must not be lost with it. A refusal drawn
 * for a form sent without navigating (a fetcher's) keeps the location, so it is not a page view
 * of its own; the page's name on the document says it.
 */
const shownLocations = new WeakMap<PageViews, string>();

/**
 * Tells the site-speed beacon about client-side navigations: when the router starts one, and
 * when it renders a new location (a page view of its own, under the new page's name).
 */
export function usePageViews(pageViews: PageViews | undefined): void {
  const { state } = useNavigation();
  const { key } = useLocation();

  // Before the navigation state's effect: a navigation that shows a page ends as it settles.
  useEffect(() => {
    if (!pageViews) return;
    const shown = shownLocations.get(pageViews);
    shownLocations.set(pageViews, key);
    // The first location is the page the browser loaded, which the beacon counts itself.
    if (shown !== undefined && shown !== key) pageViews.pageShown();
  }, [key, pageViews]);

  useEffect(() => {
    if (state === "idle") pageViews?.navigationSettled();
    else pageViews?.navigationStarted();
  }, [state, pageViews]);
}
