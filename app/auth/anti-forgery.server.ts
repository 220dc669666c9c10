import { randomBytes, timingSafeEqual } from "node:crypto";
import { refusal } from "~/http/refusal";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { languageOfMember } from "~/i18n/language.server";
import type { SignedInSeller } from "./session.server";

/**
 * The anti-forgery check every state change makes: the form's or the body's `srt` must be the
 * session's token (decision record 004).
 *
 * The token is sent masked, with other bytes in every answer (decision 053): a random pad, and the
 * token's bytes XOR the pad, `pad.masked` in base64url. A constant secret in a compressed page
 * beside text an attacker chooses (the search field) can be read back from the page's size
 * (BREACH); a masked one differs every time. The raw token is still taken, for a client that
 * holds it from before.
 */
export function maskToken(token: string): string {
  const bytes = Buffer.from(token);
  const pad = randomBytes(bytes.byteLength);
  const masked = Buffer.alloc(bytes.byteLength);
  for (let index = 0; index < bytes.byteLength; index++)
    masked[index] = (bytes[index] as number) ^ (pad[index] as number);
  return `${pad.toString("base64url")}.${masked.toString("base64url")}`;
}

/** The token's own bytes, masked or not; null for text that cannot be one. */
function tokenBytes(text: string): Buffer | null {
  const parts = text.split(".");
  if (parts.length === 1) return Buffer.from(text);
  const [padText, maskedText] = parts as [string, string];
  if (parts.length !== 2 || !/^[\w-]+$/.test(padText) || !/^[\w-]+$/.test(maskedText)) return null;
  const pad = Buffer.from(padText, "base64url");
  const masked = Buffer.from(maskedText, "base64url");
  if (pad.byteLength !== masked.byteLength || pad.byteLength === 0) return null;
  return masked.map((byte, index) => byte ^ (pad[index] as number)) as Buffer;
}

export function tokensMatch(expected: string, actual: unknown): boolean {
  if (typeof actual !== "string") return false;
  const expectedBytes = tokenBytes(expected);
  const actualBytes = tokenBytes(actual);
  // Compared as bytes: a token of the right length in characters may hold a multi-byte one, and
  // timingSafeEqual throws on buffers of different lengths.
  return (
    expectedBytes !== null &&
    actualBytes !== null &&
    actualBytes.byteLength === expectedBytes.byteLength &&
    timingSafeEqual(actualBytes, expectedBytes)
  );
}

/** Every state change carries the session's anti-forgery token; anything else is refused with 403. */
export function assertAntiForgeryToken(signedIn: SignedInSeller, srt: unknown): void {
  if (!tokensMatch(signedIn.srt, srt)) {
    throw refusal(403, textOfLanguage(languageOfMember(signedIn.member, signedIn.seller)).text("antiForgery.refused"));
  }
}
