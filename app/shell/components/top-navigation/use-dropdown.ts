import { useEffect, useId, useRef, useState, type FocusEvent, type MouseEvent } from "react";
import { isEscape } from "../../../components/keyboard";
import { useHoverIntent } from "./use-hover-intent";

/** Focus leaving a dropdown closes it after 100 ms, so moving within it never flickers. */
export const FOCUS_EXIT_DELAY_MS = 100;

/**
 * A disclosure dropdown of links (decision 055): the button toggles it (its aria-expanded
 * tells), hover intent opens it, Escape closes it wherever focus is — and returns focus to the
 * button when focus was inside — and focus leaving the item closes it after FOCUS_EXIT_DELAY_MS.
 * Focus on the item's own link does not open it: the button's next press would then close a
 * dropdown the seller never asked for.
 */
export function useDropdown() {
  const [open, setOpen] = useState(false);
  const itemRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const exitTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = useId();
  const hover = useHoverIntent({ onOver: () => setOpen(true), onOut: () => setOpen(false) });

  useEffect(() => () => clearTimeout(exitTimer.current), []);

  // A dropdown opened by the pointer must be dismissible without moving pointer or focus
  // (WCAG 2.2, 1.4.13): Escape is heard on the whole document while one is open.
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (!isEscape(event)) return;
      event.preventDefault();
      setOpen(false);
      if (itemRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);

  return {
    open,
    itemProps: {
      ref: itemRef,
      ...hover,
      onFocus() {
        clearTimeout(exitTimer.current);
      },
      onBlur(event: FocusEvent<HTMLElement>) {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        exitTimer.current = setTimeout(() => setOpen(false), FOCUS_EXIT_DELAY_MS);
      },
    },
    buttonProps: {
      ref: buttonRef,
      type: "button" as const,
      "aria-expanded": open,
      "aria-controls": listId,
      onClick: () => setOpen((wasOpen) => !wasOpen),
    },
    listProps: {
      id: listId,
      hidden: !open,
      // A followed link leaves the page behind; its dropdown should not stay open over the next one.
      onClick: (event: MouseEvent) => {
        if ((event.target as Element).closest("a")) setOpen(false);
      },
    },
  };
}
