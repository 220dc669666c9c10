import type { ServerResponse } from "node:http";

/** The only page that may be framed, and only by the hub itself. */
const FRAMEABLE_PATHS = new Set(["/sh/prod-summary"]);

/** `npm run dev` only: the socket Vite's client takes hot updates from (ws://localhost:PORT). */
export interface DevelopmentSources {
  hotUpdates: string;
}

export function contentSecurityPolicy(nonce: string, pathname: string, development?: DevelopmentSources): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // The nonce admits only the style elements the modal dialog's scroll lock adds (app/entry.client.tsx); style attributes stay refused.
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    development ? `connect-src 'self' ${development.hotUpdates}` : "connect-src 'self'",
    "frame-src 'self'",
    `frame-ancestors ${FRAMEABLE_PATHS.has(pathname) ? "'self'" : "'none'"}`,
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/** The powerful features no page of the hub uses, refused to the hub and to anything it frames. */
const PERMISSIONS_POLICY = [
  "accelerometer",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

export function setSecurityHeaders(
  response: ServerResponse,
  nonce: string,
  pathname: string,
  overHttps: boolean,
  development?: DevelopmentSources,
): void {
  response.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, pathname, development));
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  // Only the hub's own pages load its answers; no page of the hub asks for a device or a payment.
  response.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  response.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  if (!FRAMEABLE_PATHS.has(pathname)) response.setHeader("X-Frame-Options", "DENY");
  if (overHttps) response.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
