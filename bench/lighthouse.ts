import lighthouse from "lighthouse";
import { launch } from "chrome-launcher";
import { chromium } from "playwright-core";
import { findChromium } from "../scripts/ensure-chromium.ts";

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The scored audits that fell short, worst first: what to fix next. */
  shortfalls: string[];
}

/**
 * Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G connection, simulated)
 * of each page, signed in, with Debian's Chromium. Scores are 0–100. A page that did not end
 * where it was asked for (signed out, say) is left out rather than scored as another page.
 */
export async function auditWithLighthouse(
  baseUrl: string,
  sessionCookie: string,
  paths: string[],
): Promise<Record<string, LighthouseScores>> {
  const scores: Record<string, LighthouseScores> = {};
  for (const path of paths) {
    const url = `${baseUrl}${path}`;
    const result = await withSignedInChromium(baseUrl, sessionCookie, (port) =>
      // Lighthouse's storage reset would sign the browser out (its documented advice for signed-in
      // pages); the profile is new for each page, so the load is cold all the same. An
      // `extraHeaders` cookie is no substitute: once a page sets a cookie of its own, Chromium
      // sends its jar instead, and the next audit lands on the sign-in page.
      lighthouse(url, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices"],
        disableStorageReset: true,
      }),
    );
    if (!result) continue;
    if (result.lhr.finalDisplayedUrl !== url) {
      console.log(`bench: Lighthouse ended on ${result.lhr.finalDisplayedUrl} instead of ${url}; not scored`);
      continue;
    }
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? Number.NaN) * 100);
    scores[path] = {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      shortfalls: Object.values(audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            (audit.scoreDisplayMode === "numeric" ||
              audit.scoreDisplayMode === "binary" ||
              audit.scoreDisplayMode === "metricSavings"),
        )
        .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`),
    };
  }
  return scores;
}

/** A new headless Chromium whose cookie jar holds the session, for one audit. */
async function withSignedInChromium<T>(
  baseUrl: string,
  sessionCookie: string,
  audit: (port: number) => Promise<T>,
): Promise<T> {
  const chrome = await launch({
    chromePath: findChromium(),
    // The same closed-network flags as the tests' Chromium, headless.
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const [name, value] = sessionCookie.split("=");
    if (name && value) await browser.contexts()[0]?.addCookies([{ name, value, url: baseUrl }]);
    return await audit(chrome.port);
  } finally {
    chrome.kill();
  }
}
