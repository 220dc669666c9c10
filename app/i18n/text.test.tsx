import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { catalogueFileNamed, textOfLanguage } from "./catalogues.server";
import { everyText } from "../../test/every-text";
import { CATALOGUE_ELEMENT_ID } from "./language-text";
import { PSEUDO_LANGUAGES, SELLER_LANGUAGES } from "./languages";
import { loadPageCatalogue } from "./page-catalogue";
import { CataloguePreload, TextProvider } from "./text";

/** What the browser does with the preloaded file: runs it as a module and takes its default export. */
async function importCatalogue(url: string) {
  const file = catalogueFileNamed(url.slice(url.lastIndexOf("/") + 1), [
    ...SELLER_LANGUAGES,
    ...PSEUDO_LANGUAGES,
  ])?.file;
  if (!file) throw new Error(`no catalogue at ${url}`);
  return import(`data:text/javascript;base64,${Buffer.from(file.body).toString("base64")}`);
}

describe("CataloguePreload", () => {
  it("names the language's catalogue, which the browser loads before it hydrates, with the server's very texts", async () => {
    const german = textOfLanguage("de-DE");
    render(
      <TextProvider value={german}>
        <CataloguePreload nonce="n0nce" />
      </TextProvider>,
    );
    // React puts a link in the document's head, wherever it is rendered.
    const element = document.head.querySelector(`#${CATALOGUE_ELEMENT_ID}`)!;
    expect(element).toHaveAttribute("rel", "modulepreload");
    expect(element).toHaveAttribute("nonce", "n0nce");
    expect(element.getAttribute("href")).toMatch(/^\/catalogues\/de-DE\.[0-9a-f]{10}\.js$/);
    const read = await loadPageCatalogue(document, importCatalogue);
    expect(read.language).toBe("de-DE");
    expect(read.catalogueUrl).toBe(german.catalogueUrl);
    expect(everyText(read)).toEqual(everyText(german));
    expect(read.text("activity.caption")).toBe("Wer was geändert hat, das Neueste zuerst");
  });

  it("asks again under another address when the first try fails, as after a dropped connection", async () => {
    render(
      <TextProvider value={textOfLanguage("en-GB")}>
        <CataloguePreload nonce="n0nce" />
      </TextProvider>,
    );
    const asked: string[] = [];
    const read = await loadPageCatalogue(document, async (url) => {
      asked.push(url);
      if (asked.length === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return importCatalogue(url.replace("?again", ""));
    });
    expect(asked).toEqual([textOfLanguage("en-GB").catalogueUrl, `${textOfLanguage("en-GB").catalogueUrl}?again`]);
    expect(read.language).toBe("en-GB");
    expect(everyText(read)).toEqual(everyText(textOfLanguage("en-GB")));
  });

  it("in the right-to-left pseudo-language too, whose values are set apart by isolates", async () => {
    const mirrored = textOfLanguage("ar-XB");
    render(
      <TextProvider value={mirrored}>
        <CataloguePreload nonce="n0nce" />
      </TextProvider>,
    );
    const read = await loadPageCatalogue(document, importCatalogue);
    expect(read.dir).toBe("rtl");
    const values = { from: 1, to: 20, total: 40 };
    expect(read.text("listings.page.showing", values)).toBe(mirrored.text("listings.page.showing", values));
    expect(read.text("listings.page.showing", values)).toContain("\u2068");
  });
});
