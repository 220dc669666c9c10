import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False in the server's HTML and until React takes over in the browser; true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
