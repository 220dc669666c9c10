/** Marked once the hub's code has hydrated the page; the benchmark and the end-to-end tests wait for it. */
export const HYDRATED_MARK = "seller-hub:hydrated";

/**
 * Whether the page has been hydrated: a first load's components run their effects before the
 * root marks it. Read from the performance timeline rather than the `<html>` element, whose
 * attributes React resets when the root's error boundary takes the page over.
 */
export function hasHydrated(): boolean {
  return performance.getEntriesByName(HYDRATED_MARK, "mark").length > 0;
}
