import type { Browser } from "playwright-core";
import { signInOverHttp } from "../test/server-process.ts";
import { firstVisitBrotliBytes, measureHydration, measureJavaScript } from "./browser.ts";
import { encodedBytes } from "./encoded-bytes.ts";
import { median } from "./report.ts";

/** One demo seller per language the hub speaks (app/db/seed.server.ts, app/db/site-demo-sellers.ts). */
const SELLERS_BY_LANGUAGE = [
  ["en-US", "demo"],
  ["en-GB", "demo-uk"],
  ["de-DE", "demo-de"],
  ["fr-FR", "demo-fr"],
  ["it-IT", "demo-it"],
  ["es-ES", "demo-es"],
] as const;

/** The page measured in each language: the listings, the page with the most texts a seller meets daily. */
const PAGE = "/sh/lst/active";
const RENDERS = 30;

export interface LanguageFigures {
  language: string;
  /**
   * The page's scripts on a first visit (web-vitals' after the load included), brotli, less the
   * catalogue: the same files in every language.
   */
  scriptsBrotliBytes: number;
  /** The language's catalogue, a script of its own the page preloads, brotli as the server sends it. */
  catalogueBrotliBytes: number;
  /** The whole HTML document, brotli, as the server sends it. */
  htmlBrotliBytes: number;
  /** Server time for the page's HTML, median of sequential requests. */
  renderP50Ms: number;
  /** Navigation start to hydrated in Chromium, median of 5 cold loads. */
  hydratedMs: number;
}

/** Each language's first load of the listings page: its bytes, the server's render time, and hydration. */
export async function measureLanguages(browser: Browser, baseUrl: string): Promise<LanguageFigures[]> {
  const figures: LanguageFigures[] = [];
  for (const [language, username] of SELLERS_BY_LANGUAGE) {
    const session = await signInOverHttp(baseUrl, username);
    const headers = { Cookie: session };
    const html = await (await fetch(`${baseUrl}${PAGE}`, { headers })).text();
    const catalogue = /<link [^>]*href="(\/catalogues\/[^"]+)"/.exec(html)?.[1];
    if (!catalogue) throw new Error(`${PAGE} in ${language} names no catalogue`);
    const catalogueBrotliBytes = (await encodedBytes(`${baseUrl}${catalogue}`, { "Accept-Encoding": "br" })).length;
    const renders: number[] = [];
    for (let render = 0; render < RENDERS; render++) {
      const started = performance.now();
      await (await fetch(`${baseUrl}${PAGE}`, { headers })).arrayBuffer();
      renders.push(performance.now() - started);
    }
    figures.push({
      language,
      scriptsBrotliBytes:
        firstVisitBrotliBytes(await measureJavaScript(browser, baseUrl, session, PAGE)) - catalogueBrotliBytes,
      catalogueBrotliBytes,
      htmlBrotliBytes: (await encodedBytes(`${baseUrl}${PAGE}`, { ...headers, "Accept-Encoding": "br" })).length,
      renderP50Ms: median(renders),
      hydratedMs: median((await measureHydration(browser, baseUrl, session, PAGE)).hydratedMs),
    });
  }
  return figures;
}
