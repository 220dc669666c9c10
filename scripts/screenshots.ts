/**
 * `npm run screenshots`: the overview and the listings page as the demo seller sees them, at a
 * phone's, a tablet's and a desktop's width, written to docs/screenshots/ for the README. Runs the
 * production build (built if needed) on a fresh demo database, in Debian's Chromium.
 */
import { mkdirSync } from "node:fs";
import { withChromium } from "../bench/browser.ts";
import { signInOverHttp, startServerProcess, temporarySqliteUrl } from "../test/server-process.ts";
import { buildIfNeeded } from "./build-if-needed.ts";

const WIDTHS = [
  { name: "phone", width: 390, height: 844, isMobile: true },
  { name: "tablet", width: 768, height: 1024, isMobile: true },
  { name: "desktop", width: 1280, height: 900, isMobile: false },
];
const PAGES = [
  { name: "overview", path: "/sh/ovw" },
  { name: "listings", path: "/sh/lst/active" },
];
const FOLDER = "docs/screenshots";

buildIfNeeded();
mkdirSync(FOLDER, { recursive: true });
const hub = await startServerProcess(temporarySqliteUrl(), { WEB_CONCURRENCY: "1" });
try {
  const [name, value] = (await signInOverHttp(hub.url)).split("=");
  await withChromium(async (browser) => {
    for (const { name: size, width, height, isMobile } of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height },
        isMobile,
        hasTouch: isMobile,
        reducedMotion: "reduce",
      });
      if (name && value) await context.addCookies([{ name, value, url: hub.url }]);
      const page = await context.newPage();
      for (const { name: pageName, path } of PAGES) {
        await page.goto(`${hub.url}${path}`, { waitUntil: "networkidle" });
        const file = `${FOLDER}/${pageName}-${size}.png`;
        await page.screenshot({ path: file });
        console.log(`wrote ${file}`);
      }
      await context.close();
    }
  });
} finally {
  await hub.stop();
}
