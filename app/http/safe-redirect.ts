/** Where a redirect goes when the requested target is not a page of the hub. */
export const HUB_HOME = "/sh/ovw";

/** Longer than any of the hub's addresses with their filters: a longer target goes home instead. */
const MAX_REDIRECT_LENGTH = 2048;

/**
 * The path to redirect to for a target that came with a request, or `fallback` when the target
 * would leave the hub. Decided by parsing, as the browser will parse the Location header against
 * the hub's address: browsers drop tabs and newlines, read a backslash as a slash and resolve
 * dot segments, so "/\t/evil.example" passes any test on the string's first characters and still
 * leads to evil.example. What the parser makes of the target must have the hub's origin and a path
 * among the hub's pages; the answer is that parsed path, so what the browser reads is what was
 * checked.
 */
export function safeRedirectPath(target: unknown, hubUrl: string | URL, fallback = HUB_HOME): string {
  if (typeof target !== "string" || target.length > MAX_REDIRECT_LENGTH) return fallback;
  const hubOrigin = new URL(hubUrl).origin;
  let destination: URL;
  try {
    destination = new URL(target, hubOrigin);
  } catch {
    return fallback;
  }
  if (destination.origin !== hubOrigin || !destination.pathname.startsWith("/sh/")) return fallback;
  return destination.pathname + destination.search + destination.hash;
}
