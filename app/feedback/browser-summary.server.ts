import { parse } from "bowser";
import { boundedMemo } from "~/memo/bounded-memo";

/** "Chrome 131 on Linux", "Safari 17.4 on macOS Catalina": what a person would write in a bug report. */
export function summariseBrowser(userAgent: string | null): string {
  if (!userAgent?.trim()) return "Unknown browser";
  return summariseKnownBrowser(userAgent);
}

// Parsing a User-Agent takes longer than the rest of the feedback link, and a few browsers send
// nearly every request.
const summariseKnownBrowser = boundedMemo(1000, (userAgent: string) => {
  const { browser, os } = parse(userAgent);
  const name = [browser.name || "Unknown browser", browser.version && shortVersion(browser.version)]
    .filter(Boolean)
    .join(" ");
  const system = [os.name, os.versionName].filter(Boolean).join(" ");
  return system ? `${name} on ${system}` : name;
});

/** 131.0.0.0 says no more than 131. */
function shortVersion(version: string): string {
  return version.replace(/(\.0)+$/, "");
}
