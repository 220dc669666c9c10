import { COLOR_SCHEMES, type Appearance } from "~/appearance/appearance";
import { TextProvider, type LanguageText } from "~/i18n/text";
import { renderToStaticMarkup } from "react-dom/server";
import { ProductSummary } from "~/product-summary/components/product-summary/ProductSummary";
import type { ProductSummary as ProductSummaryModel } from "./product-summary-model";

export interface ProductSummaryDocument {
  summary: ProductSummaryModel;
  /** Tags the page's tracking and its speed beacon (the embedded summary's own page name), read from <html> as on every page. */
  pageName: string;
  /** The seller's language, which the document speaks. */
  languageText: LanguageText;
  /** The seller's appearance, the page around the frame's: the two schemes alike, no light box on dark. */
  appearance: Appearance;
  /** The response's CSP nonce, for the one script. */
  nonce: string;
  stylesheet: string;
  script: { src: string; preload: string[] };
}

/**
 * The frame's whole HTML document, rendered once on the server. React never hydrates it: the page
 * loads one small standalone script instead of the hub's React bundle (decision record 030).
 */
export function renderProductSummary({
  summary,
  pageName,
  languageText,
  appearance,
  nonce,
  stylesheet,
  script,
}: ProductSummaryDocument): Response {
  const { language, dir, text } = languageText;
  const html = renderToStaticMarkup(
    <TextProvider value={languageText}>
      <html
        lang={language}
        dir={dir}
        className="product-summary-document"
        data-page-name={pageName}
        data-appearance={appearance}
      >
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          {/* Before the style sheet arrives, the browser paints the canvas in the system's scheme (decision 082). */}
          <meta name="color-scheme" content={COLOR_SCHEMES[appearance]} />
          <title>{text("summary.frame.documentTitle", { heading: summary.heading })}</title>
          <link rel="stylesheet" href={stylesheet} />
          {script.preload.map((href) => (
            <link key={href} rel="modulepreload" href={href} nonce={nonce} />
          ))}
          <script type="module" src={script.src} nonce={nonce} />
        </head>
        <body className="product-summary-page">
          <ProductSummary summary={summary} />
        </body>
      </html>
    </TextProvider>,
  );
  return new Response(`<!DOCTYPE html>${html}`, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "private, no-store",
      // The same address answers a frame and, opened on its own, redirects (Sec-Fetch-Dest).
      Vary: "Sec-Fetch-Dest",
    },
  });
}
