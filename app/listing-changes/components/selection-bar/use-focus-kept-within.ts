import { useEffect, useRef, type RefObject } from "react";

/**
 * Keeps the focus in `container` when what had it goes with a new `outcome`: "Clear" and "Select
 * all N matching" are drawn only while they can do something, so pressing one removes it, and
 * the focus fell to the page's body (WCAG 2.4.3; an audit of 2026-11-29). The container takes it
 * (it has `tabIndex={-1}`); its live count says what happened. Focus moved on by the member (a
 * tick, a link) is theirs: the container takes it back only while nothing else has it.
 */
export function useFocusKeptWithin(container: RefObject<HTMLElement | null>, outcome: unknown): void {
  const hadFocus = useRef(false);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const focusIn = () => {
      hadFocus.current = true;
    };
    // Chromium sends focusout with no related target when the focused element is removed: that
    // is the loss this mends, so only a move to an element outside counts as leaving.
    const focusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !element.contains(event.relatedTarget)) hadFocus.current = false;
    };
    element.addEventListener("focusin", focusIn);
    element.addEventListener("focusout", focusOut);
    return () => {
      element.removeEventListener("focusin", focusIn);
      element.removeEventListener("focusout", focusOut);
    };
  }, [container]);
  const shownOutcome = useRef(outcome);
  useEffect(() => {
    if (Object.is(shownOutcome.current, outcome)) return;
    shownOutcome.current = outcome;
    const active = document.activeElement;
    const lost = active === null || active === document.body || !active.isConnected;
    if (hadFocus.current && lost) container.current?.focus({ preventScroll: true });
  }, [container, outcome]);
}
