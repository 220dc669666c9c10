import type { MessageKey } from "~/i18n/language-text";
import type { InvitedRole } from "./roles";

/**
 * The team's forms read as the seller typed them: a username as sign-in compares it (NFC, lower
 * case, spaces around it gone), a name without control characters, a password checked twice.
 * Each refusal names its field's rule; nothing is stored.
 */
export type FormReading<T> = { ok: true; value: T } | { ok: false; refusal: MessageKey };

/** 3 to 40 letters or digits of any script, with dots, hyphens and underscores inside. */
const USERNAME = /^[\p{L}\p{N}][\p{L}\p{N}\p{M}._-]{1,38}[\p{L}\p{N}\p{M}]$/u;

export function readUsername(value: FormDataEntryValue | null): FormReading<string> {
  const username = typeof value === "string" ? value.normalize("NFC").trim().toLowerCase() : "";
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

export function readDisplayName(value: FormDataEntryValue | null): FormReading<string> {
  const name = typeof value === "string" ? value.normalize("NFC").trim().replace(/\s+/gu, " ") : "";
  const length = [...name].length;
  // No control characters, and no bidirectional overrides or isolates, which could turn the
  // header's "Zoë for Jordan Lee" around.
  return length >= 1 && length <= NAME_MAX && !/[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u.test(name)
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
