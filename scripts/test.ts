/**
 * `npm test`: type-check, lint, formatting, unit and component tests, a production build, and the
 * end-to-end tests in headless Chromium against it. Ends on one line counting every test.
 */
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { relative } from "node:path";
import { createServer } from "node:net";
import { ensureChromium } from "./ensure-chromium.ts";

const node = process.execPath;
const bin = {
  reactRouter: "node_modules/@react-router/dev/bin.cjs",
  tsc: "node_modules/typescript/bin/tsc",
  oxlint: "node_modules/oxlint/bin/oxlint",
  prettier: "node_modules/prettier/bin/prettier.cjs",
  vitest: "node_modules/vitest/vitest.mjs",
  playwright: "node_modules/@playwright/test/cli.js",
};

function step(title: string, args: string[], options: SpawnSyncOptions = {}): boolean {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(node, args, { stdio: "inherit", ...options });
  return result.status === 0;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 3210));
    });
  });
}

function readCounts(file: string, pick: (report: any) => { passed: number; failed: number; skipped: number }) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  return pick(JSON.parse(readFileSync(file, "utf8")));
}

ensureChromium();
rmSync("test-results", { recursive: true, force: true });
mkdirSync("test-results", { recursive: true });

const staticChecks =
  step("Type-check", [bin.reactRouter, "typegen"]) &&
  step("Type-check", [bin.tsc, "--noEmit"]) &&
  step("Lint", [bin.oxlint, "--deny-warnings", "--quiet"]) &&
  // `npm run format` writes what this checks (decision record 017).
  step("Formatting", [bin.prettier, "--check", "--log-level=warn", "."]);
// The server-process tests (shutdown, outage, several instances) run the production build.
const built = step("Production build", [bin.reactRouter, "build"], { env: { ...process.env, NODE_ENV: "production" } });
step("Unit, component and server tests", [
  bin.vitest,
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/vitest.json",
]);
if (built)
  step("End-to-end tests in Chromium", [bin.playwright, "test"], {
    env: { ...process.env, E2E_PORT: String(await freePort()) },
  });

const unit = readCounts("test-results/vitest.json", (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
}));
const e2e = built
  ? readCounts("test-results/playwright.json", (r) => ({
      passed: r.stats.expected + r.stats.flaky,
      failed: r.stats.unexpected,
      skipped: r.stats.skipped,
    }))
  : { passed: 0, failed: 1, skipped: 0 };
const passed = unit.passed + e2e.passed;

/**
 * Names each failed test, with the first lines of why, just above the counts: CI keeps only the end
 * of this output, and a count alone once left a failed unit test that never repeated unnamed.
 */
function failedTests(): string[] {
  const why = (message: string) => message.split("\n").slice(0, 3).join(" ⏎ ").slice(0, 400);
  const found: string[] = [];
  if (existsSync("test-results/vitest.json")) {
    const report = JSON.parse(readFileSync("test-results/vitest.json", "utf8"));
    for (const file of report.testResults ?? [])
      for (const test of file.assertionResults ?? [])
        if (test.status === "failed")
          found.push(
            `✘ ${relative(process.cwd(), file.name)} › ${test.fullName}\n    ${why(test.failureMessages?.[0] ?? "")}`,
          );
  }
  if (existsSync("test-results/playwright.json")) {
    const visit = (suite: any): void => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          if (test.status === "unexpected") {
            const error = test.results?.at(-1)?.error?.message ?? "";
            found.push(`✘ ${spec.file}:${spec.line} › ${spec.title}\n    ${why(error)}`);
          }
      for (const child of suite.suites ?? []) visit(child);
    };
    for (const suite of JSON.parse(readFileSync("test-results/playwright.json", "utf8")).suites ?? []) visit(suite);
  }
  return found;
}

const failures = failedTests();
if (failures.length > 0) console.log(`\nFailed:\n${failures.join("\n")}`);
const failed = unit.failed + e2e.failed + (staticChecks ? 0 : 1);

console.log(
  `\nunit and component: ${unit.passed} passed, ${unit.failed} failed; end-to-end: ${e2e.passed} passed, ${e2e.failed} failed`,
);
if (!staticChecks) console.log("The type-check, the lint or the formatting check failed (counted as one failure).");
console.log(
  `tests: ${passed} passed, ${failed} failed${unit.skipped + e2e.skipped ? `, ${unit.skipped + e2e.skipped} skipped` : ""}`,
);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
