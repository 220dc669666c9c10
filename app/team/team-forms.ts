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

/**
 * The scripts a username's letters are told apart by, each a Unicode property; a letter of none of
 * them is a script of its own. Marks of no listed script (a combining diaeresis) and digits belong
 * to any.
 */
const SCRIPTS = [
  "Latin",
  "Cyrillic",
  "Greek",
  "Armenian",
  "Georgian",
  "Cherokee",
  "Arabic",
  "Hebrew",
  "Syriac",
  "Thaana",
  "Devanagari",
  "Bengali",
  "Gurmukhi",
  "Gujarati",
  "Oriya",
  "Tamil",
  "Telugu",
  "Kannada",
  "Malayalam",
  "Sinhala",
  "Thai",
  "Lao",
  "Tibetan",
  "Myanmar",
  "Khmer",
  "Ethiopic",
  "Mongolian",
  "Hangul",
  "Hiragana",
  "Katakana",
  "Bopomofo",
  "Han",
].map((name) => [name, new RegExp(`\\p{Script=${name}}`, "u")] as const);

/** Scripts a language writes together (UTS #39's "highly restrictive" level): Japanese, Chinese, Korean, each with Latin. */
const WRITTEN_TOGETHER = [
  new Set(["Latin", "Han", "Hiragana", "Katakana"]),
  new Set(["Latin", "Han", "Bopomofo"]),
  new Set(["Latin", "Han", "Hangul"]),
];

function scriptsOf(username: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of username) {
    const script = SCRIPTS.find(([, property]) => property.test(char))?.[0];
    if (script) scripts.add(script);
    else if (/\p{L}/u.test(char)) scripts.add(`U+${char.codePointAt(0)!.toString(16)}`);
  }
  return scripts;
}

/** Whether the username's scripts are one, or some that one language writes together. */
function isOneWriting(username: string): boolean {
  const scripts = scriptsOf(username);
  return scripts.size <= 1 || WRITTEN_TOGETHER.some((together) => [...scripts].every((script) => together.has(script)));
}

/** Whether its digits are of one system: "demo1" and "demo١" are two names that read alike. */
function hasOneDigitSystem(username: string): boolean {
  // A system's ten digits share their code point but for its last four bits (0–9, ٠–٩, ०–९…).
  return new Set(Array.from(username.matchAll(/\p{Nd}/gu), ([digit]) => digit.codePointAt(0)! >> 4)).size <= 1;
}

/**
 * Whether a username would show as another one (UTS #39 describes the kinds): Unicode's
 * default-ignorable characters (a combining grapheme joiner, a zero-width joiner: drawn as
 * nothing), Arabic's stretching tatweel, a compatibility form that NFKC folds (fullwidth "ｄｅｍｏ",
 * the ligature "ﬃ"; but Thai's and Lao's sara am, which NFKC splits and every Thai name writes
 * whole), scripts that no one language writes together ("dеmo" with a Cyrillic е, "dօmo" with an
 * Armenian օ), or digits of two systems. Usernames are the hub's, not one account's, and each of
 * these was invited beside "demo-manager" (an audit of 2026-11-26). Folding them instead would
 * change how sign-in compares usernames (NFC) for those already taken.
 */
function looksLikeAnother(username: string): boolean {
  const withoutSaraAm = username.replace(/[\u0E33\u0EB3]/gu, "");
  return (
    /[\p{Default_Ignorable_Code_Point}\u0640]/u.test(username) ||
    withoutSaraAm.normalize("NFKC") !== withoutSaraAm ||
    !isOneWriting(username) ||
    !hasOneDigitSystem(username)
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
 * Control and format characters, but for those names need: Persian writes a zero-width non-joiner
 * inside a name, an emoji sequence (👩‍💻) holds a zero-width joiner, Mongolian a vowel separator. Format characters include
 * the bidirectional marks, overrides and isolates, which could turn the header's "Zoë for Jordan
 * Lee" around, and the invisible ones (zero-width space, word joiner, byte order mark).
 */
const HIDDEN = /(?!\u200C|\u200D|\u180E)[\p{Cc}\p{Cf}\p{Cs}]/u;

/** What draws nothing: spaces, marks with no letter to sit on, the joiners, Hangul fillers, the blank Braille pattern. */
const DRAWS_NOTHING = /[\s\p{M}\u115F\u1160\u3164\uFFA0\u2800]|\u200C|\u200D/gu;

/**
 * A subdivision's flag (Scotland's 🏴󠁧󠁢󠁳󠁣󠁴󠁿) is a black flag and invisible tag letters: kept there, and
 * only there, since tag letters anywhere else hide text no one sees.
 */
const withoutFlagTags = (name: string) =>
  name.replace(/\u{1F3F4}[\u{E0061}-\u{E007A}\u{E0030}-\u{E0039}]{2,6}\u{E007F}/gu, "\u{1F3F4}");

export function readDisplayName(value: FormDataEntryValue | null): FormReading<string> {
  const name = typeof value === "string" ? value.normalize("NFC").trim().replace(/\s+/gu, " ") : "";
  const length = [...name].length;
  // A name must show something: the team page, the header and the log would show a blank.
  const shown = name.replace(DRAWS_NOTHING, "") !== "";
  return length >= 1 && length <= NAME_MAX && shown && !HIDDEN.test(withoutFlagTags(name))
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
