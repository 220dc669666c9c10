import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { setupI18n } from "@lingui/core";
import { everyText } from "../../test/every-text";
import { catalogueFile, catalogueResponse } from "./catalogue-file.server";
import { catalogueFileNamed, textOfLanguage } from "./catalogues.server";
import { languageText } from "./language-text";
import { formattingLocales, PSEUDO_LANGUAGES, SELLER_LANGUAGES } from "./languages";

const request = (acceptEncoding?: string) =>
  new Request("http://hub.test/catalogues/x.js", {
    headers: acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding },
  });

describe("a language's catalogue as a file", () => {
  it("is named by its language and its content, so a changed text is a new name", () => {
    const messages = { "activity.caption": ["Qui a modifié quoi, le plus récent d’abord"] };
    const file = catalogueFile("fr-FR", messages);
    expect(file.url).toMatch(/^\/catalogues\/fr-FR\.[0-9a-f]{10}\.js$/);
    expect(catalogueFile("fr-FR", messages).url).toBe(file.url);
    const changed = { ...messages, "activity.caption": ["Qui a changé quoi"] };
    expect(catalogueFile("fr-FR", changed).url).not.toBe(file.url);
  });

  it("is found by a name of its language, which says whether it is the current file", () => {
    const { catalogueUrl } = textOfLanguage("it-IT");
    const name = catalogueUrl.slice("/catalogues/".length);
    expect(catalogueFileNamed(name, SELLER_LANGUAGES)).toEqual({
      file: expect.objectContaining({ url: catalogueUrl }),
      current: true,
    });
    // A page of another release: the language's current file, to answer with.
    expect(catalogueFileNamed(name.replace(/\.[0-9a-f]{10}\./, ".0000000000."), SELLER_LANGUAGES)).toEqual({
      file: expect.objectContaining({ url: catalogueUrl }),
      current: false,
    });
    for (const other of [
      "xx-YY.0123456789.js",
      `${name}.map`,
      "../catalogues.server.ts",
      "it-IT.js",
      "it-IT.0123456789.JS",
      "",
    ])
      expect(catalogueFileNamed(other, SELLER_LANGUAGES), other).toBeUndefined();
    // The pseudo-languages only where they are offered (development and the tests).
    expect(catalogueFileNamed("en-XA.0123456789.js", SELLER_LANGUAGES)).toBeUndefined();
    expect(catalogueFileNamed("en-XA.0123456789.js", [...SELLER_LANGUAGES, ...PSEUDO_LANGUAGES])?.file.url).toMatch(
      /^\/catalogues\/en-XA\./,
    );
  });

  it("is sent as the browser accepts it, compressed once, and cached for good", async () => {
    const file = catalogueFileNamed(
      textOfLanguage("es-ES").catalogueUrl.slice("/catalogues/".length),
      SELLER_LANGUAGES,
    )!.file;
    const brotli = await catalogueResponse(file, request("gzip, deflate, br, zstd"), { current: true });
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
    expect(brotli.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(brotli.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.get("Vary")).toBe("Accept-Encoding");
    const brotliBytes = Buffer.from(await brotli.arrayBuffer());
    expect(brotliDecompressSync(brotliBytes).toString()).toBe(file.body);
    expect(brotliBytes.length).toBeLessThan(file.body.length / 3);

    const gzipped = await catalogueResponse(file, request("gzip"), { current: true });
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(file.body);

    // Asked for by another release's name: the same bytes, not to be kept.
    const other = await catalogueResponse(file, request("br"), { current: false });
    expect(other.headers.get("Cache-Control")).toBe("no-store");
    expect(brotliDecompressSync(Buffer.from(await other.arrayBuffer())).toString()).toBe(file.body);

    for (const plain of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const response = await catalogueResponse(file, request(plain), { current: true });
      expect(response.headers.get("Content-Encoding"), plain).toBeNull();
      expect(await response.text()).toBe(file.body);
    }
  });

  it("holds what the server renders with, every non-ASCII letter and quotation mark intact", async () => {
    const german = textOfLanguage("de-DE");
    const file = catalogueFileNamed(german.catalogueUrl.slice("/catalogues/".length), SELLER_LANGUAGES)!.file;
    const module = await import(`data:text/javascript;base64,${Buffer.from(file.body).toString("base64")}`);
    const read = languageText(
      setupI18n({ locale: "de-DE", locales: formattingLocales("de-DE"), messages: { "de-DE": module.default } }),
      german.catalogueUrl,
    );
    expect(everyText(read)).toEqual(everyText(german));
  });
});
