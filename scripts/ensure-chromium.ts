/**
 * Finds the Chromium the end-to-end tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium.
 * Playwright cannot download its own browser here, so as root with apt it installs Debian's
 * package; otherwise it stops and says how.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, DEBIAN_CHROMIUM].filter((path): path is string => Boolean(path));
  return candidates.find((path) => existsSync(path));
}

function canInstallWithApt(): boolean {
  return process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
}

export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  if (!canInstallWithApt()) {
    console.error(
      "No Chromium found for the end-to-end tests.\n" +
        "Install Debian's package (sudo apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium for the end-to-end tests…");
  for (const command of [["update"], ["install", "-y", "--no-install-recommends", "chromium", "fonts-dejavu-core"]]) {
    const result = spawnSync("apt-get", command, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) {
      console.error(`apt-get ${command.join(" ")} failed; install chromium by hand or set CHROMIUM_PATH.`);
      process.exit(1);
    }
  }
  return DEBIAN_CHROMIUM;
}

if (import.meta.main) console.log(`Chromium: ${ensureChromium()}`);
