import { browserCookies } from "~/cookies/cookies";
import { SPEED_SESSION_COOKIE, SPEED_SESSION_EXPIRY_DAYS } from "./beacon-rules";

/** 128 random bits as hex: the ids a beacon carries. Works outside secure contexts, unlike randomUUID. */
export function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The browser's speed session, which ties its beacons together: read from its cookie, or
 * started and kept for 730 days. With cookies blocked, each page load is a session of its own.
 */
export function speedSession(): string {
  const existing = browserCookies.read(SPEED_SESSION_COOKIE);
  if (existing && /^[\w-]{16,64}$/.test(existing)) return existing;
  const started = randomId();
  browserCookies.write(SPEED_SESSION_COOKIE, started, { expires: SPEED_SESSION_EXPIRY_DAYS });
  return started;
}
