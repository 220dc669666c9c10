import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/**
 * How long a navigation may take before the seller is shown that it is under way. Below about
 * this, an indicator only flickers; above it, a click with no visible answer reads as broken
 * (the usual threshold for "instant" in interaction research is 100 ms, for "a moment" 1 s).
 */
export const SLOW_NAVIGATION_MS = 400;

/** Whether the navigation under way has taken longer than `delayMs`, long enough to show progress for. */
export function useSlowNavigation(delayMs: number = SLOW_NAVIGATION_MS): boolean {
  // Each navigation has a location of its own: the one that has been slow is remembered by its
  // key, so a new navigation starts unshown without resetting state during render.
  const pendingKey = useNavigation().location?.key ?? null;
  const [slowKey, setSlowKey] = useState<string | null>(null);
  useEffect(() => {
    if (pendingKey === null) return;
    const timer = setTimeout(() => setSlowKey(pendingKey), delayMs);
    return () => clearTimeout(timer);
  }, [pendingKey, delayMs]);
  return pendingKey !== null && slowKey === pendingKey;
}
