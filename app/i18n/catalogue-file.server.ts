import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { I18n } from "@lingui/core";
import Negotiator from "negotiator";
import type { Language } from "./languages";

/*
 * A language's compiled messages as a script of their own, which the page preloads beside its
 * other scripts and the browser reads before it hydrates (app/entry.client.tsx). They travelled
 * as JSON inside every page's HTML: 55 kB of the overview's 88 kB (12 of its 21 kB brotli),
 * compressed again for every page and sent again with every full load, though they change only
 * with a release. As a file named by its content, a browser keeps them for good, and a page costs
 * the server less than half the time (decision 080's amendment, bench/README.md).
 */

/** `/catalogues/de-DE.3f9a1c0b7e.js`: the language, then the start of the content's SHA-256. */
export const CATALOGUE_PATH = "/catalogues/";
const FILE_NAME = /^([A-Za-z]{2}-[A-Za-z]{2})\.([0-9a-f]{10})\.js$/;

export interface CatalogueFile {
  url: string;
  /** An ES module whose default export is the messages, as `JSON.parse` reads them (faster than an object literal). */
  body: string;
}

export function catalogueFile(language: Language, messages: I18n["messages"]): CatalogueFile {
  const body = `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});\n`;
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 10);
  return { url: `${CATALOGUE_PATH}${language}.${hash}.js`, body };
}

/** The language a catalogue's file name claims, and its hash; null for a name of another form. */
export function parseCatalogueFileName(name: string): { language: string; hash: string } | null {
  const match = FILE_NAME.exec(name);
  return match ? { language: match[1]!, hash: match[2]! } : null;
}

const ENCODINGS = ["br", "gzip"] as const;
type Encoding = (typeof ENCODINGS)[number];

const compressedFiles = new Map<string, Promise<Buffer>>();

/**
 * A catalogue's bytes in an encoding, compressed once per process at the best level (brotli 11,
 * as the build does for the other scripts; gzip 9) off the main thread, then kept: there are
 * eight languages at most, each under 100 kB.
 */
function encodedCatalogue(file: CatalogueFile, encoding: Encoding): Promise<Buffer> {
  const key = `${file.url} ${encoding}`;
  let bytes = compressedFiles.get(key);
  if (!bytes) {
    bytes =
      encoding === "br"
        ? promisify(brotliCompress)(file.body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
          })
        : promisify(gzip)(file.body, { level: 9 });
    compressedFiles.set(key, bytes);
    // A failure is not kept: the next request compresses afresh.
    bytes.catch(() => compressedFiles.delete(key));
  }
  return bytes;
}

/**
 * The catalogue as the browser accepts it, cached for good when asked for by its current name
 * (which changes with its content); asked for by another release's name, not kept at all.
 */
export async function catalogueResponse(
  file: CatalogueFile,
  request: Request,
  { current }: { current: boolean },
): Promise<Response> {
  const chosen = new Negotiator({
    headers: { "accept-encoding": request.headers.get("Accept-Encoding") ?? "" },
  }).encoding([...ENCODINGS], { preferred: [...ENCODINGS] });
  const encoding = ENCODINGS.find((name) => name === chosen);
  const headers = new Headers({
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-store",
    Vary: "Accept-Encoding",
  });
  if (!encoding) return new Response(file.body, { headers });
  headers.set("Content-Encoding", encoding);
  return new Response(new Uint8Array(await encodedCatalogue(file, encoding)), { headers });
}
