import { defineConfig } from "@playwright/test";
import { resolve } from "node:path";
import { findChromium } from "./scripts/ensure-chromium.ts";

/** npm test picks a free port; run on its own, Playwright uses 3210. */
const port = Number(process.env.E2E_PORT ?? 3210);
const databasePath = resolve(`data/e2e/seller-hub-${port}.db`);
process.env.E2E_DATABASE_PATH = databasePath;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/playwright",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: true,
  retries: 0,
  // Time limits are hang detectors, not speed checks (speed is `npm run bench`'s): with two
  // workers on two cores, a page that shows in a second alone took over 5 s in CI runs here.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: findChromium(),
      // Without these Chromium keeps dialling hosts this closed network refuses.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node scripts/serve-e2e.ts",
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The pseudo-languages, never offered in production, are the tests' right-to-left hub.
    env: { PORT: String(port), E2E_DATABASE_PATH: databasePath, SELLER_HUB_PSEUDO_LANGUAGES: "1" },
  },
});
