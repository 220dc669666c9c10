import { describe, expect, it } from "vitest";
import { summariseBrowser } from "./browser-summary.server";

describe("summariseBrowser", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome 131 on Linux",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
      "Safari 17.4 on macOS Catalina",
    ],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0", "Firefox 128 on Windows 10"],
  ])("names the browser, its version and the system for %s", (userAgent, summary) => {
    expect(summariseBrowser(userAgent)).toBe(summary);
  });

  it("says so when there is no User-Agent, or one it does not know", () => {
    expect(summariseBrowser(null)).toBe("Unknown browser");
    expect(summariseBrowser("  ")).toBe("Unknown browser");
    expect(summariseBrowser("node")).toBe("Unknown browser");
  });
});
