import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCES = ["app", "server", "public", "vite-plugins", "vite.config.ts", "react-router.config.ts", "package-lock.json"];
export const SERVER_BUILD = "build/server/index.js";

function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestModification(join(path, entry))), stats.mtimeMs);
}

/** Builds when there is no build or a source is newer than it. */
export function buildIfNeeded(): void {
  const built = existsSync(SERVER_BUILD) ? statSync(SERVER_BUILD).mtimeMs : 0;
  if (built > Math.max(...SOURCES.map(newestModification))) return;
  console.log("Building Seller Hub…");
  const result = spawnSync(process.execPath, ["node_modules/@react-router/dev/bin.cjs", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
