import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    restoreMocks: true,
    // A hang detector, not a speed check (speed is measured in `npm run bench`): the tests that
    // start a process (the operators' scripts, db:backup) take 1–1.5 s on a quiet machine and
    // went past Vitest's 5 s with the other worker busy, failing CI once with nothing wrong.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: [
            "app/**/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
            "vite-plugins/**/*.test.ts",
            "test/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "components",
          environment: "jsdom",
          include: ["app/**/*.test.tsx"],
          setupFiles: ["./test/setup-component-tests.ts"],
        },
      },
    ],
  },
});
