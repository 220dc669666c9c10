import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import Negotiator from "negotiator";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/** Best first: the build writes both beside every text asset (vite-plugins/precompress-assets.ts). */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

interface Variant {
  file: string;
  size: number;
  /** Each encoding's bytes have their own tag: a cache must never take the brotli bytes for the plain file's. */
  etag: string;
}

interface Asset {
  identity: Variant;
  encoded: Partial<Record<(typeof ENCODINGS)[number]["name"], Variant>>;
  contentType: string;
  cacheControl: string;
}

/**
 * Indexes the client build once at start-up, so serving an asset is one map lookup.
 * Files under /assets/ carry a content hash in their name and never change.
 */
export function createStaticAssets(directory: string): (request: IncomingMessage, response: ServerResponse) => boolean {
  const assets = new Map<string, Asset>();
  for (const file of listFiles(directory)) {
    if (ENCODINGS.some(({ suffix }) => file.endsWith(suffix))) continue;
    const urlPath = "/" + relative(directory, file).split(sep).join("/");
    const { size, mtimeMs } = statSync(file);
    const tag = `${size.toString(36)}-${Math.round(mtimeMs).toString(36)}`;
    const encoded: Asset["encoded"] = {};
    for (const { name, suffix } of ENCODINGS) {
      if (existsSync(file + suffix))
        encoded[name] = { file: file + suffix, size: statSync(file + suffix).size, etag: `"${tag}-${name}"` };
    }
    assets.set(urlPath, {
      identity: { file, size, etag: `"${tag}"` },
      encoded,
      contentType: CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
      cacheControl: urlPath.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    });
  }

  return function serveStaticAsset(request, response) {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const asset = assets.get((request.url ?? "/").split("?")[0] as string);
    if (!asset) return false;
    // The browser's preference, q=0 (refused) included; of what this asset has.
    const offered = ENCODINGS.map(({ name }) => name).filter((name) => asset.encoded[name]);
    const chosen = new Negotiator({
      headers: { "accept-encoding": request.headers["accept-encoding"] ?? "" },
    }).encoding(offered, { preferred: offered });
    const encoding = offered.find((name) => name === chosen);
    const variant = (encoding && asset.encoded[encoding]) || asset.identity;
    response.setHeader("Cache-Control", asset.cacheControl);
    response.setHeader("ETag", variant.etag);
    response.setHeader("Vary", "Accept-Encoding");
    if (matchesIfNoneMatch(request.headers["if-none-match"], variant.etag)) {
      response.writeHead(304).end();
      return true;
    }
    response.writeHead(200, {
      "Content-Type": asset.contentType,
      "Content-Length": variant.size,
      ...(encoding && { "Content-Encoding": encoding }),
    });
    if (request.method === "HEAD") response.end();
    else createReadStream(variant.file).pipe(response);
    return true;
  };
}

/**
 * If-None-Match is a list of tags, or `*`, compared weakly (RFC 9110, 13.1.2): `W/"x"` matches `"x"`.
 */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

function listFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
