import { rebuildQuery, type QueryChanges } from "./rebuild-query";

/** Dispatched on window before a re-filtering navigation starts and after its content is in place. */
export const REFILTER_BEFORE = "seller-hub:refilter-before";
export const REFILTER_AFTER = "seller-hub:refilter-after";

export interface RefilterDetail {
  /** Path and query of the re-filtered page. */
  url: string;
  /** Where the reload came from, when the caller named it. */
  src?: string;
}

export interface RefilterOptions {
  /** Names where this reload came from; sent as the `src` parameter. */
  src?: string;
  /** The partial-page navigation to `url`; resolves once the new content is in place. */
  navigate(url: string): Promise<void> | void;
  /** Receives the before and after events; window unless a test gives another. */
  events?: EventTarget;
}

type PageLocation = { pathname: string; search: string };

/** The current path with its query rebuilt from the changes (see rebuildQuery). */
export function refilteredUrl(location: PageLocation, changes: QueryChanges, src?: string): string {
  const search = rebuildQuery(new URLSearchParams(location.search), changes, src).toString();
  return search ? `${location.pathname}?${search}` : location.pathname;
}

/**
 * Re-filtering (docs/product/pages-and-navigation.md, docs/product/calls-and-limits.md): reloads the current path with its query rebuilt from the changes,
 * through a partial-page navigation, announcing it before and after. Resolves to the new URL.
 */
export async function refilter(
  location: PageLocation,
  changes: QueryChanges,
  { src, navigate, events = window }: RefilterOptions,
): Promise<string> {
  const detail: RefilterDetail = { url: refilteredUrl(location, changes, src), ...(src && { src }) };
  events.dispatchEvent(new CustomEvent(REFILTER_BEFORE, { detail }));
  await navigate(detail.url);
  events.dispatchEvent(new CustomEvent(REFILTER_AFTER, { detail }));
  return detail.url;
}
