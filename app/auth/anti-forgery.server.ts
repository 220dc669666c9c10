import { timingSafeEqual } from "node:crypto";
import { refusal } from "~/http/refusal";
import type { SignedInSeller } from "./session.server";

/**
 * The anti-forgery check every state change makes: the form's or the body's `srt` must be the
 * session's token (decision record 004).
 */
export function tokensMatch(expected: string, actual: unknown): boolean {
  if (typeof actual !== "string" || actual.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(actual), Buffer.from(expected));
}

/** Every state change carries the session's anti-forgery token; anything else is refused with 403. */
export function assertAntiForgeryToken(signedIn: SignedInSeller, srt: unknown): void {
  if (!tokensMatch(signedIn.srt, srt)) {
    throw refusal(
      403,
      "The anti-forgery token is missing or does not match your session. Reload the page and try again.",
    );
  }
}
