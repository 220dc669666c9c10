import { useLayoutEffect, useRef } from "react";

/**
 * `value` as the page last committed it, to read after an `await`: what the seller sees at that
 * moment, not what the render that made the callback saw. Kept in a layout effect, which runs as
 * the commit is made; a passive effect may run a frame later, after the next page was already
 * drawn (decision 054).
 */
export function useCommitted<T>(value: T): { readonly current: T } {
  const committed = useRef(value);
  useLayoutEffect(() => {
    committed.current = value;
  }, [value]);
  return committed;
}
