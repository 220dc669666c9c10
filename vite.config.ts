import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./build-tools/precompress-assets.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // The server build starts from our own HTTP server, which wraps React Router's handler.
  environments: { ssr: { build: { rolldownOptions: { input: "./server/index.ts" } } } },
  plugins: [reactRouter(), precompressAssets()],
});
