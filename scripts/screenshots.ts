/**
 * `npm run screenshots`: the overview and the listings page as the demo sellers see them, at a
 * phone's, a tablet's and a desktop's width, written to docs/screenshots/ for the README: in
 * English, in German (demo-de), in the pseudo right-to-left language (demo-uk, who chooses it
 * first), and in English on a system set to dark. Runs the production build (built if needed) on a fresh demo database, in Debian's Chromium.
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
/** Whose hub, in which language and scheme; the file names end with the suffix. */
const SELLERS: Array<{ suffix: string; username: string; language?: string; colorScheme?: "light" | "dark" }> = [
  { suffix: "", username: "demo" },
  { suffix: "-de", username: "demo-de" },
  { suffix: "-rtl", username: "demo-uk", language: "ar-XB" },
  { suffix: "-dark", username: "demo", colorScheme: "dark" },
];
const FOLDER = "docs/screenshots";

buildIfNeeded();
mkdirSync(FOLDER, { recursive: true });
// The pseudo-languages are offered where this says so (app/i18n/language.server.ts).
const hub = await startServerProcess(temporarySqliteUrl(), { WEB_CONCURRENCY: "1", SELLER_HUB_PSEUDO_LANGUAGES: "1" });
try {
  await withChromium(async (browser) => {
    for (const { suffix, username, language, colorScheme = "light" } of SELLERS) {
      const [name, value] = (await signInOverHttp(hub.url, username)).split("=");
      const cookies = name && value ? [{ name, value, url: hub.url }] : [];
      if (language) {
        // As the seller chooses it: the header's language choice.
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        await context.addCookies(cookies);
        const page = await context.newPage();
        await page.goto(`${hub.url}/sh/ovw`);
        await page.getByRole("banner").getByText("Preferences").filter({ visible: true }).click();
        await page.getByRole("banner").getByRole("combobox", { name: "Language" }).selectOption(language);
        await page.getByRole("banner").getByRole("button", { name: "Change language" }).click();
        await page.locator(`html[lang="${language}"]`).waitFor({ state: "attached" });
        await context.close();
      }
      for (const { name: size, width, height, isMobile } of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width, height },
          isMobile,
          hasTouch: isMobile,
          reducedMotion: "reduce",
          colorScheme,
        });
        await context.addCookies(cookies);
        const page = await context.newPage();
        for (const { name: pageName, path } of PAGES) {
          await page.goto(`${hub.url}${path}`, { waitUntil: "networkidle" });
          const file = `${FOLDER}/${pageName}-${size}${suffix}.png`;
          await page.screenshot({ path: file });
          console.log(`wrote ${file}`);
        }
        await context.close();
      }
    }
  });
} finally {
  await hub.stop();
}
