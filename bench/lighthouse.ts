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
 * of each page, signed in, with Debian's Chromium, three audits in a row (issue 34's measure: a
 * budget holds when the lowest of them does). Scores are 0–100. A page that did not end where it
 * was asked for (signed out, say) is left out rather than scored as another page.
 */
export async function auditWithLighthouse(
  baseUrl: string,
  sessionCookie: string,
  paths: string[],
  { auditsInARow = 3 }: { auditsInARow?: number } = {},
): Promise<Record<string, (LighthouseScores | null)[]>> {
  const scores: Record<string, (LighthouseScores | null)[]> = {};
  for (const path of paths) {
    scores[path] = [];
    for (let audit = 0; audit < auditsInARow; audit++) scores[path].push(await auditOnce(baseUrl, sessionCookie, path));
  }
  return scores;
}

/**
 * One audit of one page, or null when it could not be scored. Lighthouse sometimes loses its own
 * trace of the load (`NO_NAVSTART`, one audit in three of the listings page in some runs here) and
 * says to run it again; an audit that ends with any such runtime error is run again, up to three
 * times.
 */
async function auditOnce(baseUrl: string, sessionCookie: string, path: string): Promise<LighthouseScores | null> {
  const url = `${baseUrl}${path}`;
  for (let attempt = 1; attempt <= 3; attempt++) {
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
    if (!result) return null;
    if (result.lhr.runtimeError) {
      console.log(
        `bench: Lighthouse's audit of ${path} failed (${result.lhr.runtimeError.code}), attempt ${attempt} of 3`,
      );
      continue;
    }
    if (result.lhr.finalDisplayedUrl !== url) {
      console.log(`bench: Lighthouse ended on ${result.lhr.finalDisplayedUrl} instead of ${url}; not scored`);
      return null;
    }
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? Number.NaN) * 100);
    return {
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
  return null;
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
