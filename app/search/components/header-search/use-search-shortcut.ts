import { useEffectEvent, useLayoutEffect } from "react";

/**
 * Ctrl+K (Cmd+K on a Mac), as in Shopify's admin and most consoles' command palettes: `onShortcut`
 * takes the seller to the search. No single-character key: `/` (GitHub's and YouTube's) took
 * focus from anywhere outside a field and could not be turned off, which WCAG 2.1.4 (character
 * key shortcuts) forbids; speech-input users trigger such keys by saying words.
 */
export function useSearchShortcut(onShortcut: () => void): void {
  const goToSearch = useEffectEvent(onShortcut);
  // Listening from the commit that shows the field: a key pressed as soon as the header appears
  // (after an in-app navigation to the first hub page, say) finds it, never the page alone.
  useLayoutEffect(() => {
    const listen = (event: KeyboardEvent) => {
      // A modal dialog keeps focus inside it until it closes.
      if (event.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      const commandK =
        (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k";
      if (!commandK) return;
      event.preventDefault();
      goToSearch();
    };
    document.addEventListener("keydown", listen);
    return () => document.removeEventListener("keydown", listen);
  }, []);
}
