import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import type { QueryChanges } from "./rebuild-query";
import { refilter, refilteredUrl } from "./refilter";

export interface Refiltering {
  /** Re-filters the current page through React Router's client-side navigation; resolves once it shows. */
  refilter(changes: QueryChanges, src?: string): Promise<string>;
  /** Where those changes lead: the href of a link that works before hydration and without JavaScript. */
  hrefFor(changes: QueryChanges, src?: string): string;
}

/** Re-filtering (docs/product/pages-and-navigation.md, docs/product/calls-and-limits.md) for the hub's React pages. */
export function useRefilter(): Refiltering {
  const location = useLocation();
  const navigate = useNavigate();
  const whenDrawn = useWhenLocationDrawn(location.key);
  return {
    refilter: useCallback(
      (changes, src) =>
        refilter(location, changes, {
          src,
          navigate: async (url) => {
            const drawn = whenDrawn();
            await navigate(url, { preventScrollReset: true });
            await drawn;
          },
        }),
      [location, navigate, whenDrawn],
    ),
    hrefFor: (changes, src) => refilteredUrl(location, changes, src),
  };
}

/**
 * A promise that resolves once a location other than the one drawn now has been drawn (or the
 * component has gone). React Router's navigation resolves when its state has the new page, but
 * draws that page in a transition, after it: the "after" event and the focus on the new results
 * (Pagination's onPageShown) met the old page still drawn (the pagination's test, whose page has
 * a loader as the hub's do). A navigation another one interrupted resolves once that one's page
 * is drawn: its "after" event still names the address it was asked for (decision 054).
 */
function useWhenLocationDrawn(key: string): () => Promise<void> {
  const waiting = useRef<Array<{ from: string; resolve(): void }>>([]);
  useEffect(() => {
    waiting.current = waiting.current.filter(({ from, resolve }) => {
      if (from === key) return true;
      resolve();
      return false;
    });
  }, [key]);
  // Gone before the new location was drawn (the new page has no such control): nothing to wait for.
  useEffect(
    () => () => {
      for (const { resolve } of waiting.current.splice(0)) resolve();
    },
    [],
  );
  return useCallback(() => new Promise<void>((resolve) => waiting.current.push({ from: key, resolve })), [key]);
}
