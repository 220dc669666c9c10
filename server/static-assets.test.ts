import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaticAssets } from "./static-assets";

const SCRIPT = "export const answer = 42;\n".repeat(100);

/** Raw answers, without a client that decompresses behind our back. */
function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; bytes: number }> {
  return new Promise((resolve, reject) => {
    httpRequest({ port, path, headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }));
    })
      .on("error", reject)
      .end();
  });
}

describe("static assets", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    const directory = mkdtempSync(join(tmpdir(), "assets-"));
    mkdirSync(join(directory, "assets"));
    const script = join(directory, "assets", "entry-abc123.js");
    writeFileSync(script, SCRIPT);
    writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
    writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
    writeFileSync(join(directory, "favicon.svg"), "<svg/>");
    const serve = createStaticAssets(directory);
    server = createServer((request, response) => {
      if (!serve(request, response)) response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends brotli to a browser that takes it, gzip to one that takes only gzip, and plain bytes otherwise", async () => {
    const brotli = await get(port, "/assets/entry-abc123.js", { "Accept-Encoding": "gzip, deflate, br" });
    const gzip = await get(port, "/assets/entry-abc123.js", { "Accept-Encoding": "gzip" });
    const plain = await get(port, "/assets/entry-abc123.js");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.bytes).toBe(SCRIPT.length);
    expect(gzip.bytes).toBeLessThan(plain.bytes / 10);
    expect(brotli.headers.vary).toBe("Accept-Encoding");
  });

  it("lets browsers keep hashed assets for a year and revalidate the rest", async () => {
    expect((await get(port, "/assets/entry-abc123.js")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await get(port, "/favicon.svg")).headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("answers 304 to a browser that has the asset already", async () => {
    const first = await get(port, "/favicon.svg");
    const again = await get(port, "/favicon.svg", { "If-None-Match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.bytes).toBe(0);
  });

  it("tags each encoding's bytes apart, and refuses an encoding the browser gives q=0", async () => {
    const path = "/assets/entry-abc123.js";
    const [brotli, gzip, plain] = await Promise.all([
      get(port, path, { "Accept-Encoding": "br" }),
      get(port, path, { "Accept-Encoding": "gzip" }),
      get(port, path),
    ]);
    expect(new Set([brotli.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    expect((await get(port, path, { "Accept-Encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip");
    expect(
      (await get(port, path, { "Accept-Encoding": "gzip;q=0, br;q=0" })).headers["content-encoding"],
    ).toBeUndefined();
    // A cache holding the brotli bytes must not be told they are the plain file's.
    expect((await get(port, path, { "If-None-Match": String(brotli.headers.etag) })).status).toBe(200);
  });

  it("reads If-None-Match as the list of tags it is, weak ones and * included", async () => {
    const { etag } = (await get(port, "/favicon.svg")).headers;
    for (const ifNoneMatch of [`"other", ${String(etag)}`, `W/${String(etag)}`, "*"])
      expect((await get(port, "/favicon.svg", { "If-None-Match": ifNoneMatch })).status, ifNoneMatch).toBe(304);
    expect((await get(port, "/favicon.svg", { "If-None-Match": '"other"' })).status).toBe(200);
  });

  it("serves nothing it did not index: no paths out of the folder, no compressed files by their own name", async () => {
    expect((await get(port, "/../package.json")).status).toBe(404);
    expect((await get(port, "/assets/entry-abc123.js.gz")).status).toBe(404);
  });
});
