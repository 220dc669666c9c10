import { useEffect, useLayoutEffect, useRef, type MouseEvent, type PointerEvent } from "react";

export interface HoverIntentOptions {
  /** Called once the pointer has slowed down over the element. */
  onOver(): void;
  /** Called when the pointer leaves after onOver. */
  onOut(): void;
  /** Pixels the pointer may travel in one interval and still count as resting (docs/product/calls-and-limits.md: 7). */
  sensitivity?: number;
  /** Milliseconds between two looks at the pointer (docs/product/calls-and-limits.md: 100). */
  interval?: number;
  /** Milliseconds from leaving to onOut (docs/product/calls-and-limits.md: 0). */
  timeout?: number;
}

export const HOVER_INTENT = { sensitivity: 7, interval: 100, timeout: 0 } as const;

/**
 * Hover intent: a pointer passing over on its way elsewhere opens nothing. Every
 * `interval` ms the pointer's travel is measured; under `sensitivity` pixels, it means it.
 */
export function useHoverIntent({ onOver, onOut, ...options }: HoverIntentOptions) {
  const { sensitivity, interval, timeout } = { ...HOVER_INTENT, ...options };
  const state = useRef({
    x: 0,
    y: 0,
    previousX: 0,
    previousY: 0,
    over: false,
    touch: false,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  const callbacks = useRef({ onOver, onOut });
  useLayoutEffect(() => {
    callbacks.current = { onOver, onOut };
  });

  useEffect(() => () => clearTimeout(state.current.timer), []);

  const compare = () => {
    const s = state.current;
    if (Math.abs(s.previousX - s.x) + Math.abs(s.previousY - s.y) < sensitivity) {
      s.over = true;
      callbacks.current.onOver();
    } else {
      s.previousX = s.x;
      s.previousY = s.y;
      s.timer = setTimeout(compare, interval);
    }
  };

  return {
    // A tap sends the mouse's events too, after its own pointer events: a finger does not hover,
    // and a dropdown opening under it as the tap follows the link would stay open on the next page.
    onPointerEnter(event: PointerEvent) {
      state.current.touch = event.pointerType !== "mouse";
    },
    onMouseEnter(event: MouseEvent) {
      const s = state.current;
      if (s.touch) return;
      clearTimeout(s.timer);
      s.x = s.previousX = event.clientX;
      s.y = s.previousY = event.clientY;
      if (!s.over) s.timer = setTimeout(compare, interval);
    },
    onMouseMove(event: MouseEvent) {
      state.current.x = event.clientX;
      state.current.y = event.clientY;
    },
    onMouseLeave() {
      const s = state.current;
      clearTimeout(s.timer);
      if (!s.over) return;
      s.timer = setTimeout(() => {
        s.over = false;
        callbacks.current.onOut();
      }, timeout);
    },
  };
}
