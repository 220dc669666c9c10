/**
 * One module for every piece of state kept in cookies, on the server (a request's
 * Cookie header in, Set-Cookie strings out) and in the browser (document.cookie). The `cookie`
 * package reads and writes the headers; the hub's own rules are here: the value limit, an expiry
 * that must be a real date, a value that cannot be decoded logged and ignored (decision record 018).
 */
import { parseCookie, stringifySetCookie } from "cookie";

/** A Date, a number of days from now, or a date string. */
export type CookieExpiry = Date | number | string;

export interface CookieOptions {
  /** Omitted: a session cookie, gone when the browser closes. */
  expires?: CookieExpiry;
  path?: string;
  sameSite?: "Lax" | "Strict" | "None";
  secure?: boolean;
  httpOnly?: boolean;
}

/** Browsers drop cookies near 4 kB; a value this long or longer is never written. */
export const MAX_COOKIE_VALUE_LENGTH = 4000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The expiry as a Date. Anything else than a valid Date, a finite number of days or a string
 * that parses to a date is refused: `new Date(null)` or `new Date(true)` would quietly mean 1970.
 */
export function toExpiryDate(expiry: CookieExpiry, now: number = Date.now()): Date {
  const date =
    expiry instanceof Date
      ? expiry
      : typeof expiry === "number"
        ? new Date(now + expiry * DAY_MS)
        : typeof expiry === "string" && expiry.trim() !== ""
          ? new Date(expiry)
          : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) {
    throw new TypeError(`Cookie expiry must be convertible to a valid date, got ${describeExpiry(expiry)}`);
  }
  return date;
}

function describeExpiry(value: unknown): string {
  if (value instanceof Date) return "an invalid Date";
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

/** RFC 6265 token characters: a name with anything else would break the header it is written into. */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function assertCookieName(name: string): void {
  if (!COOKIE_NAME.test(name)) throw new TypeError(`Invalid cookie name ${JSON.stringify(name)}`);
}

/** Name → decoded value; the first of a name counts. A value that cannot be decoded is logged and treated as absent. */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  // Kept raw by the package, so that a failure to decode can name its cookie.
  for (const [name, raw] of Object.entries(parseCookie(header, { decode: (text) => text }))) {
    const value = raw === undefined ? undefined : decodeValue(name, raw);
    if (value !== undefined) cookies.set(name, value);
  }
  return cookies;
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  return parseCookies(header).get(name);
}

/**
 * A Set-Cookie value, or null when the value is too long to be written
 * (the caller keeps working without the cookie).
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string | null {
  assertCookieName(name);
  const encoded = encodeURIComponent(value);
  if (encoded.length >= MAX_COOKIE_VALUE_LENGTH) {
    console.warn(
      `Cookie ${name} not written: its value is ${encoded.length} characters, the limit is under ${MAX_COOKIE_VALUE_LENGTH}.`,
    );
    return null;
  }
  return stringifySetCookie(
    {
      name,
      value: encoded,
      path: options.path ?? "/",
      expires: options.expires === undefined ? undefined : toExpiryDate(options.expires),
      sameSite: (options.sameSite ?? "Lax").toLowerCase() as "lax" | "strict" | "none",
      secure: options.secure,
      httpOnly: options.httpOnly,
    },
    // Encoded above, where its length is checked against the limit.
    { encode: (encodedValue) => encodedValue },
  );
}

export function removalCookie(name: string, options: Pick<CookieOptions, "path" | "secure" | "httpOnly"> = {}): string {
  return serializeCookie(name, "", { ...options, expires: new Date(0) }) as string;
}

/** The same rules against document.cookie. */
export const browserCookies = {
  read(name: string): string | undefined {
    return readCookie(document.cookie, name);
  },
  /** False when the value was too long and nothing was written. */
  write(name: string, value: string, options: Omit<CookieOptions, "httpOnly"> = {}): boolean {
    const cookie = serializeCookie(name, value, { secure: location.protocol === "https:", ...options });
    if (cookie === null) return false;
    document.cookie = cookie;
    return true;
  },
  remove(name: string, path = "/"): void {
    document.cookie = removalCookie(name, { path });
  },
};

function decodeValue(name: string, raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw);
  } catch (error) {
    console.error(`Cookie ${name} could not be decoded and is ignored:`, error);
    return undefined;
  }
}
