import { href } from "react-router";

/**
 * The pages that show the seller's messages at the top of their main area, by route pattern.
 * The shell's loader sends the messages to these alone; every other page gets how many there
 * are, for the side area's link (decision 010).
 */
const PAGES_WITH_MESSAGES: ReadonlySet<string> = new Set([href("/sh/ovw"), href("/sh/lst/active")]);

/**
 * Whether the page of this route pattern (a loader's `pattern`, as `sh/lst/:listingId`) shows
 * messages. React Router 8 documents the pattern as `/blog/:slug` but passes it without the
 * leading slash: either is taken.
 */
export function showsMessages(routePattern: string): boolean {
  return PAGES_WITH_MESSAGES.has(routePattern.startsWith("/") ? routePattern : `/${routePattern}`);
}
