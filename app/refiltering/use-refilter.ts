import { useCallback } from "react";
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
  return {
    refilter: useCallback(
      (changes, src) =>
        refilter(location, changes, { src, navigate: (url) => navigate(url, { preventScrollReset: true }) }),
      [location, navigate],
    ),
    hrefFor: (changes, src) => refilteredUrl(location, changes, src),
  };
}
