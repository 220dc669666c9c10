/** The oldest versions the hub's scripts and styles are built for. */
const MINIMUM_VERSIONS: ReadonlyArray<readonly [pattern: RegExp, minimum: number]> = [
  [/(?:Chrome|CriOS)\/(\d+)/, 111],
  [/(?:Firefox|FxiOS)\/(\d+)/, 114],
  [/Version\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 16],
];

/** Internet Explorer and the old Edge are past help; others by version. */
export function isUnsupportedBrowser(userAgent: string | null): boolean {
  if (!userAgent) return false;
  if (/MSIE |Trident\/|Edge\/\d/.test(userAgent)) return true;
  for (const [pattern, minimum] of MINIMUM_VERSIONS) {
    const version = pattern.exec(userAgent)?.[1];
    if (version) return Number(version) < minimum;
  }
  return false;
}

/** Closing the notice hides it for the rest of the browser session. */
export const BROWSER_NOTICE_CLOSED_COOKIE = "sh-browser-notice-closed";
