import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { SERVER_BUILD } from "./build-paths.ts";

const SOURCES = [
  "app",
  "server",
  "public",
  "vite-plugins",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];
/** Tests are not part of what is built. */
const NOT_BUILT = /\.test\.tsx?$/;

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return NOT_BUILT.test(path) ? 0 : stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestModification(join(path, entry))),
    stats.mtimeMs,
  );
}

/** Builds when there is no build or a source is newer than it. */
export function buildIfNeeded(): void {
  const built = existsSync(SERVER_BUILD) ? statSync(SERVER_BUILD).mtimeMs : 0;
  if (built > Math.max(...SOURCES.map(newestModification))) return;
  console.log("Building Seller Hub…");
  // A production build whatever the caller's NODE_ENV (a test runner sets "test").
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.cjs", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
