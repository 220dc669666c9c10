/** Escape closes messages, dialogs and dropdowns (docs/product/calls-and-limits.md: key code 27). */
export function isEscape(event: { key?: string; keyCode?: number }): boolean {
  return event.key === "Escape" || event.key === "Esc" || event.keyCode === 27;
}
