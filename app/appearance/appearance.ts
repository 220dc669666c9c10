/**
 * The hub's appearance: the seller's system's scheme, or light or dark as they chose (decision
 * 082). Shared by the server, which stores the choice and renders the page in it, and the header's
 * choice.
 */
export const APPEARANCES = ["system", "light", "dark"] as const;

export type Appearance = (typeof APPEARANCES)[number];

export function isAppearance(value: unknown): value is Appearance {
  return typeof value === "string" && (APPEARANCES as readonly string[]).includes(value);
}

/** The member's choice; none (or one no longer offered) follows their system. */
export function appearanceOfMember(member: { appearance: string | null }): Appearance {
  return isAppearance(member.appearance) ? member.appearance : "system";
}

/**
 * The `color-scheme` a page declares for an appearance: both for the system's (the browser picks
 * by `prefers-color-scheme`), else only the one chosen, which every `light-dark()` then follows.
 */
export const COLOR_SCHEMES: Record<Appearance, string> = { system: "light dark", light: "light", dark: "dark" };
