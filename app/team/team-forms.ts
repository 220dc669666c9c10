import type { MessageKey } from "~/i18n/language-text";
import type { InvitedRole } from "./roles";

/**
 * The team's forms read as the seller typed them: a username as sign-in compares it (NFC, lower
 * case, spaces around it gone) that cannot pass for another, a name that shows and hides nothing,
 * a password checked twice.
 * Each refusal names its field's rule; nothing is stored.
 */
export type FormReading<T> = { ok: true; value: T } | { ok: false; refusal: MessageKey };

/** 3 to 40 letters or digits of any script, with dots, hyphens and underscores inside. */
const USERNAME = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}._-]{1,38}[\p{L}\p{N}\p{M}]$/u;

/** Alphabets whose letters look alike ("е" is Cyrillic, "α" Greek): one username takes one of them. */
const LOOKALIKE_ALPHABETS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/**
 * Whether a username would show as another one: Unicode's default-ignorable characters (a
 * combining grapheme joiner, a zero-width joiner: drawn as nothing), a compatibility form that
 * NFKC folds (fullwidth "ｄｅｍｏ", the ligature "ﬃ"), or lookalike alphabets mixed ("dеmo" with a
 * Cyrillic е). Usernames are the hub's, not one account's, and each of these was invited beside
 * "demo-manager" (an audit of 2026-11-26; UTS #39 describes the kinds). Folding them instead would
 * change how sign-in compares usernames (NFC) for those already taken.
 */
function looksLikeAnother(username: string): boolean {
  return (
    /\p{Default_Ignorable_Code_Point}/u.test(username) ||
    username.normalize("NFKC") !== username ||
    LOOKALIKE_ALPHABETS.filter((alphabet) => alphabet.test(username)).length > 1
  );
}

export function readUsername(value: FormDataEntryValue | null): FormReading<string> {
  const username = typeof value === "string" ? value.normalize("NFC").trim().toLowerCase() : "";
  if (looksLikeAnother(username)) return { ok: false, refusal: "team.refusal.usernameLookalike" };
  return USERNAME.test(username) ? { ok: true, value: username } : { ok: false, refusal: "team.refusal.username" };
}

export function readInvitedRole(value: FormDataEntryValue | null): FormReading<InvitedRole> {
  return value === "manager" || value === "viewer" ? { ok: true, value } : { ok: false, refusal: "team.refusal.role" };
}

/** A row's number as a form sends it: digits only, within the database's integers. */
export function readId(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2 ** 31 - 1 ? id : null;
}

export const NAME_MAX = 80;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

/**
 * Control and format characters, but for the two joiners: Persian writes a zero-width non-joiner
 * inside a name, and an emoji sequence (👩‍💻) holds a zero-width joiner. Format characters include
 * the bidirectional marks, overrides and isolates, which could turn the header's "Zoë for Jordan
 * Lee" around, and the invisible ones (zero-width space, word joiner, byte order mark).
 */
const HIDDEN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Cs}]/u;

/** What draws nothing: spaces, marks with no letter to sit on, the joiners, Hangul fillers, the blank Braille pattern. */
const DRAWS_NOTHING = /[\s\p{M}\u115F\u1160\u3164\uFFA0\u2800]|\u200C|\u200D/gu;

export function readDisplayName(value: FormDataEntryValue | null): FormReading<string> {
  const name = typeof value === "string" ? value.normalize("NFC").trim().replace(/\s+/gu, " ") : "";
  const length = [...name].length;
  // A name must show something: the team page, the header and the log would show a blank.
  const shown = name.replace(DRAWS_NOTHING, "") !== "";
  return length >= 1 && length <= NAME_MAX && shown && !HIDDEN.test(name)
    ? { ok: true, value: name }
    : { ok: false, refusal: "invitation.refusal.displayName" };
}

/** A new password, typed twice; counted in characters as a person counts them, not in UTF-16 units. */
export function readNewPassword(
  password: FormDataEntryValue | null,
  again: FormDataEntryValue | null,
): FormReading<string> {
  if (typeof password !== "string") return { ok: false, refusal: "invitation.refusal.password" };
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return { ok: false, refusal: "invitation.refusal.password" };
  if (password !== again) return { ok: false, refusal: "invitation.refusal.mismatch" };
  return { ok: true, value: password };
}
