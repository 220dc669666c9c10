import { useEffect, useRef } from "react";
import { useLocation, useNavigation } from "react-router";
import type { PageViews } from "./site-speed-beacon";

/**
 * Tells the site-speed beacon about client-side navigations: when the router starts one, and
 * when it renders a new location (a page view of its own, under the new page's name).
 */
export function usePageViews(pageViews: PageViews | undefined): void {
  const { state } = useNavigation();
  const { key } = useLocation();
  const shownKey = useRef(key);

  // Before the navigation state's effect: a navigation that shows a page ends as it settles.
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    pageViews?.pageShown();
  }, [key, pageViews]);

  useEffect(() => {
    if (state === "idle") pageViews?.navigationSettled();
    else pageViews?.navigationStarted();
  }, [state, pageViews]);
}
