/** Escape closes messages, dialogs and dropdowns (spec §9: key code 27). */
export function isEscape(event: { key?: string; keyCode?: number }): boolean {
  return event.key === "Escape" || event.key === "Esc" || event.keyCode === 27;
}
