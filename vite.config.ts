import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./vite-plugins/precompress-assets.ts";
import { standaloneScripts } from "./vite-plugins/standalone-scripts.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The server build starts from our own HTTP server, which wraps React Router's handler.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/index.ts" } } } },
  plugins: [
    reactRouter(),
    // Pages that React does not hydrate load one of these instead (decision record 030).
    standaloneScripts({ "product-summary-frame": "app/product-summary/frame/product-summary-frame.ts" }),
    precompressAssets(),
  ],
});
