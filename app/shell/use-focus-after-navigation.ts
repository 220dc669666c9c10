import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { hasHydrated } from "./hydration";

/**
 * After an in-app navigation, focus that was lost goes to the new page: to the element the
 * address's fragment names if it takes focus (`/sh/lst/active#change-prices`: the selection bar),
 * else to the main landmark `mainId`, named by the page's heading. Lost is on the document's body:
 * the button pressed was disabled while its form was sent ("Preview the change", "Check the file"),
 * or the link followed went with its page. Focus still on an element (the navigation's link, a
 * heading the page focused itself, the header's search) stays where it is.
 *
 * WCAG 2.4.3: an audit of 2026-11-29 found keyboard and screen-reader users left on the body, with
 * nothing said, after previewing a change, checking a file, cancelling a preview and handing the
 * account over. Runs after the page's own effects (a parent's run after its children's), so a page
 * that moves focus itself keeps it. The first load is not a navigation: the browser starts at the
 * top, as on any page.
 */
export function useFocusAfterNavigation(mainId: string): void {
  const { key, hash } = useLocation();
  // The entry last shown, null before the first: compared with the one before, not with the first,
  // since React Router keys the first entry and a fragment link's "default", and Back to the first
  // entry is a navigation too. A frame drawn anew after the page has hydrated (leaving a refusal
  // for the overview) came by a navigation; one drawn by the first load (`hasHydrated`) did not.
  const shownKey = useRef<string | null>(null);
  useEffect(() => {
    const mounted = shownKey.current === null;
    if (shownKey.current === key) return;
    shownKey.current = key;
    if (mounted && !hasHydrated()) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const named = hash ? document.getElementById(decodeFragment(hash.slice(1))) : null;
    // An element the fragment names takes the focus if it can: one with a tabindex, a link, a field.
    const target = named && isFocusable(named) ? named : document.getElementById(mainId);
    // The page has scrolled where it should (to the top, or to the fragment): focus does not move it.
    target?.focus({ preventScroll: true });
  }, [key, hash, mainId]);
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function isFocusable(element: HTMLElement): boolean {
  return element.hasAttribute("tabindex") || element.matches("a[href], button, input, select, textarea, summary");
}
