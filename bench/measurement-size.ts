/**
 * What the site-speed measurement adds to a page's first load: the beacon module and what it
 * imports, bundled and minified on its own, compressed with brotli as Chromium receives it. web-vitals and its attribution stay out:
 * they are a chunk of their own that the beacon imports after the load event (measured from the
 * browser as JavaScript loaded after load).
 */
import { resolve } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { build } from "rolldown";

export async function siteSpeedBeaconBrotliBytes(): Promise<number> {
  const output = await build({
    input: resolve("app/site-speed/site-speed-beacon.ts"),
    resolve: { alias: { "~": resolve("app") } },
    // The lazily loaded chunk: not part of the first load.
    external: [/measure-web-vitals/],
    write: false,
    output: { format: "esm", minify: true },
  });
  return output.output.reduce(
    (sum, chunk) => sum + (chunk.type === "chunk" ? brotliCompressSync(chunk.code).length : 0),
    0,
  );
}
