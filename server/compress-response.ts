import { pipeline, Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from "node:zlib";
import Negotiator from "negotiator";

/**
 * Compresses pages and the data of in-app navigation as the browser accepts (decision 060).
 *
 * Each chunk is flushed as it is written, so a page that streams (React's shell first, then
 * deferred data) still reaches the browser in pieces. The levels are cheap on purpose: every
 * page is rendered anew per request (its nonce, its seller), so there is nothing to compress
 * once and reuse; `npm run bench` reports what they cost in throughput and what they save.
 */
const ENCODERS = {
  br: (): BrotliCompress =>
    createBrotliCompress({
      flush: constants.BROTLI_OPERATION_FLUSH,
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    }),
  gzip: (): Gzip => createGzip({ flush: constants.Z_SYNC_FLUSH, level: 6 }),
} as const;

type Encoding = keyof typeof ENCODERS;

/** Best first: brotli is about a fifth smaller than gzip on the hub's pages at a similar cost. */
const OFFERED: Encoding[] = ["br", "gzip"];

/** HTML pages and React Router's navigation data (`.data`, served as text/x-script); JSON answers. */
const COMPRESSIBLE = /^(text\/html|text\/x-script|application\/json)\b/i;

/** Below this a response fits one packet either way, and the encoding's framing would only add bytes. */
const SMALLEST_WORTH_COMPRESSING = 1024;

export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const chosen = new Negotiator({ headers: { "accept-encoding": acceptEncoding ?? "" } }).encoding(OFFERED, {
    preferred: OFFERED,
  });
  return chosen === "br" || chosen === "gzip" ? chosen : undefined;
}

export function compressResponse(request: Request, response: Response): Response {
  if (!response.body || request.method === "HEAD") return response;
  if (!COMPRESSIBLE.test(response.headers.get("Content-Type") ?? "")) return response;
  if (response.headers.has("Content-Encoding")) return response;
  const length = response.headers.get("Content-Length");
  if (length !== null && Number(length) < SMALLEST_WORTH_COMPRESSING) return response;

  const headers = new Headers(response.headers);
  headers.append("Vary", "Accept-Encoding");
  const encoding = chooseEncoding(request.headers.get("Accept-Encoding") ?? undefined);
  if (!encoding)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });

  headers.set("Content-Encoding", encoding);
  headers.delete("Content-Length");
  // pipeline, not pipe: a page that fails mid-stream, or a browser that goes away, ends both sides.
  const encoded = pipeline(Readable.fromWeb(response.body as NodeReadableStream), ENCODERS[encoding](), () => {});
  return new Response(Readable.toWeb(encoded) as ReadableStream, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
