import { useEffectEvent, useLayoutEffect } from "react";

/** Where `/` is the seller's own character, not a shortcut. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * Ctrl+K (Cmd+K on a Mac), as in Shopify's admin and most consoles' command palettes, and `/`,
 * as on GitHub and YouTube, when the seller is not typing in a field: `onShortcut` takes them to
 * the search.
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
      const slash =
        event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target);
      if (!commandK && !slash) return;
      event.preventDefault();
      goToSearch();
    };
    document.addEventListener("keydown", listen);
    return () => document.removeEventListener("keydown", listen);
  }, []);
}
