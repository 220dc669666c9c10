import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import routes from "./app/routes.ts";
import { clientChunks } from "./vite-plugins/client-chunks.ts";
import { precompressAssets } from "./vite-plugins/precompress-assets.ts";
import { standaloneScripts } from "./vite-plugins/standalone-scripts.ts";

const STANDALONE_SCRIPTS = { "product-summary-frame": "app/product-summary/frame/product-summary-frame.ts" };

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The server build starts from our own HTTP server, which wraps React Router's handler.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/index.ts" } } } },
  plugins: [
    reactRouter(),
    // Pages that React does not hydrate load one of these instead (decision record 030).
    standaloneScripts(STANDALONE_SCRIPTS),
    // Fewer, larger scripts on first load, none that a page did not load before (decision record 014).
    clientChunks({
      appDirectory: "app",
      routes,
      entry: "entry.client.tsx",
      root: "root.tsx",
      layouts: ["routes/sh/shell.tsx"],
      standaloneScripts: Object.values(STANDALONE_SCRIPTS),
    }),
    precompressAssets(),
  ],
});
