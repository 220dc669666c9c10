import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type RefObject } from "react";
import { isEscape } from "../../../components/keyboard";

export interface MenuDisclosure {
  open: boolean;
  buttonProps: {
    ref: RefObject<HTMLButtonElement | null>;
    "aria-expanded": boolean;
    "aria-controls": string;
    onClick(): void;
    onKeyDown(event: KeyboardEvent): void;
  };
  panelProps: {
    ref: RefObject<HTMLDivElement | null>;
    id: string;
    hidden: boolean;
    onKeyDown(event: KeyboardEvent): void;
    onClick(event: MouseEvent): void;
  };
}

/**
 * The APG disclosure pattern for the phone's menu: the button says whether the panel is open
 * (aria-expanded) and which it is (aria-controls); opening moves focus into the panel, onto the
 * current page's link (else the first), so a keyboard or screen-reader user is in the menu at once
 * and where they are; Escape, from the button or from
 * anywhere in the panel, closes it and puts focus back on the button; following a link closes it.
 */
export function useMenuDisclosure(panelId: string): MenuDisclosure {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    (
      panel?.querySelector<HTMLElement>('nav a[aria-current="page"]') ??
      panel?.querySelector<HTMLElement>("nav a[href]")
    )?.focus();
  }, [open]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (!open || !isEscape(event)) return;
    event.preventDefault();
    setOpen(false);
    buttonRef.current?.focus();
  };

  return {
    open,
    buttonProps: {
      ref: buttonRef,
      "aria-expanded": open,
      "aria-controls": panelId,
      onClick: () => setOpen((wasOpen) => !wasOpen),
      onKeyDown: closeOnEscape,
    },
    panelProps: {
      ref: panelRef,
      id: panelId,
      hidden: !open,
      onKeyDown: closeOnEscape,
      // A link followed is a page left: the menu closes behind it.
      onClick: (event) => {
        if ((event.target as Element).closest("a[href]")) setOpen(false);
      },
    },
  };
}
