import { describe, expect, it } from "vitest";
import { KINDLE_SUMMARY } from "../../test/product-summary";
import { textOfLanguage } from "~/i18n/catalogues.server";
import type { Language } from "~/i18n/languages";
import { renderProductSummary } from "./render-product-summary.server";

const SUMMARY = { ...KINDLE_SUMMARY, heading: "Kindle <Paperwhite> & case" };

const render = (language: Language = "en-US") =>
  renderProductSummary({
    summary: SUMMARY,
    pageName: "sellerHubProductSummary",
    languageText: textOfLanguage(language),
    appearance: "dark",
    nonce: "r4nd0m",
    stylesheet: "/assets/app-1.css",
    script: { src: "/assets/product-summary-frame-2.js", preload: ["/assets/refilter-3.js"] },
  });

describe("renderProductSummary", () => {
  it("answers a whole HTML document that is never cached and varies with what the request is for", async () => {
    const response = render();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Vary")).toBe("Sec-Fetch-Dest");
    expect(await response.text()).toMatch(/^<!DOCTYPE html><html lang="en-US" dir="ltr"/);
  });

  it("speaks the seller's language, right to left where it is written so", async () => {
    const german = await render("de-DE").text();
    expect(german).toMatch(/^<!DOCTYPE html><html lang="de-DE" dir="ltr"/);
    expect(german).toContain("<title>Produktübersicht: Kindle &lt;Paperwhite&gt; &amp; case · Seller Hub</title>");
    expect(german).toContain(">Produkteinblicke</a>");
    expect(await render("ar-XB").text()).toMatch(/^<!DOCTYPE html><html lang="ar-XB" dir="rtl"/);
  });

  it("is painted in the seller's appearance, as the page around it is", async () => {
    const html = await render().text();
    expect(html).toContain('data-appearance="dark"');
    expect(html).toContain('<meta name="color-scheme" content="dark"/>');
  });

  it("loads its one script as a module with the response's nonce, its chunks preloaded, and no React", async () => {
    const html = await render().text();
    expect(html).toContain('<script type="module" src="/assets/product-summary-frame-2.js" nonce="r4nd0m"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/assets/refilter-3.js"');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain("__reactRouter");
  });

  it("obeys the hub's CSP: no inline style attribute and no inline script", async () => {
    const html = await render().text();
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
  });

  it("tags the page with its own page name and escapes what it shows", async () => {
    const html = await render().text();
    expect(html).toContain(
      '<html lang="en-US" dir="ltr" class="product-summary-document" data-page-name="sellerHubProductSummary" data-appearance="dark">',
    );
    expect(html).toContain("Kindle &lt;Paperwhite&gt; &amp; case");
    expect(html).toContain("<title>Product summary: Kindle &lt;Paperwhite&gt; &amp; case · Seller Hub</title>");
  });
});
