import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";

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
}

interface Asset {
  identity: Variant;
  encoded: Partial<Record<(typeof ENCODINGS)[number]["name"], Variant>>;
  contentType: string;
  cacheControl: string;
  etag: string;
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
    const encoded: Asset["encoded"] = {};
    for (const { name, suffix } of ENCODINGS) {
      if (existsSync(file + suffix)) encoded[name] = { file: file + suffix, size: statSync(file + suffix).size };
    }
    assets.set(urlPath, {
      identity: { file, size },
      encoded,
      contentType: CONTENT_TYPES[extname(file)] ?? "application/octet-stream",
      cacheControl: urlPath.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      etag: `"${size.toString(36)}-${Math.round(mtimeMs).toString(36)}"`,
    });
  }

  return function serveStaticAsset(request, response) {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const asset = assets.get((request.url ?? "/").split("?")[0] as string);
    if (!asset) return false;
    const accepted = String(request.headers["accept-encoding"] ?? "");
    const encoding = ENCODINGS.find(
      ({ name }) => asset.encoded[name] && new RegExp(`\\b${name}\\b`).test(accepted),
    )?.name;
    const variant = (encoding && asset.encoded[encoding]) || asset.identity;
    response.setHeader("Cache-Control", asset.cacheControl);
    response.setHeader("ETag", asset.etag);
    response.setHeader("Vary", "Accept-Encoding");
    if (request.headers["if-none-match"] === asset.etag) {
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

function listFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
