import { parse } from "bowser";
import { boundedMemo } from "~/memo/bounded-memo";

/** A browser as a person names it: "Chrome 131" and "Linux"; null where the User-Agent does not say. */
export interface BrowserParts {
  browser: string | null;
  system: string | null;
}

/** "Chrome 131 on Linux", "Safari 17.4 on macOS Catalina": what a person would write in a bug report. */
export function summariseBrowser(userAgent: string | null): string {
  const { browser, system } = browserParts(userAgent);
  const name = browser ?? "Unknown browser";
  return system ? `${name} on ${system}` : name;
}

/** The browser and its system, apart, for a sentence in the member's language (their list of sessions). */
export function browserParts(userAgent: string | null): BrowserParts {
  if (!userAgent?.trim()) return { browser: null, system: null };
  return partsOfKnownBrowser(userAgent);
}

// Parsing a User-Agent takes longer than the rest of the feedback link, and a few browsers send
// nearly every request.
const partsOfKnownBrowser = boundedMemo(1000, (userAgent: string): BrowserParts => {
  const { browser, os } = parse(userAgent);
  const system = [os.name, os.versionName].filter(Boolean).join(" ");
  return {
    browser: browser.name
      ? [browser.name, browser.version && shortVersion(browser.version)].filter(Boolean).join(" ")
      : null,
    system: system || null,
  };
});

/** 131.0.0.0 says no more than 131. */
function shortVersion(version: string): string {
  return version.replace(/(\.0)+$/, "");
}
