import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from "react";
import { isEscape } from "../../../components/keyboard";
import { useHoverIntent } from "./use-hover-intent";

/** Spec §9: focus leaving a dropdown closes it after 100 ms, so moving within it never flickers. */
export const FOCUS_EXIT_DELAY_MS = 100;

/**
 * A disclosure dropdown of links: a button toggles it (its aria-expanded tells), hover
 * intent and focus on the item's link open it, Escape closes it and returns focus to the
 * button, focus leaving the item closes it after FOCUS_EXIT_DELAY_MS.
 */
export function useDropdown() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const exitTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const listId = useId();
  const hover = useHoverIntent({ onOver: () => setOpen(true), onOut: () => setOpen(false) });

  useEffect(() => () => clearTimeout(exitTimer.current), []);

  return {
    open,
    itemProps: {
      ...hover,
      onKeyDown(event: KeyboardEvent) {
        if (!open || !isEscape(event)) return;
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
      },
      onFocus() {
        clearTimeout(exitTimer.current);
      },
      onBlur(event: FocusEvent<HTMLElement>) {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        exitTimer.current = setTimeout(() => setOpen(false), FOCUS_EXIT_DELAY_MS);
      },
    },
    linkProps: {
      onFocus: () => setOpen(true),
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
