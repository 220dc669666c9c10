/**
 * Keeps package-lock.json installable with `npm ci` here. This workplace's registry lacks some
 * platforms' builds of optional dependencies (oxlint's non-Linux bindings): `npm install` leaves
 * them out of the lock file, and `npm ci` then refuses the lock as out of sync. Recording each
 * as an optional entry lets `npm ci` skip what it cannot fetch, as it does for optional packages.
 * Runs after every install (postinstall); changes nothing when the lock is already complete.
 */
import { readFileSync, writeFileSync } from "node:fs";

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
}

export function completeLock(lock: { packages: Record<string, LockEntry> }): string[] {
  const added: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = `${path}/node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (lock.packages[nested] || lock.packages[hoisted]) continue;
      lock.packages[hoisted] = { version, ...(entry.dev && { dev: true }), optional: true };
      added.push(`${name}@${version}`);
    }
  }
  return added;
}

if (import.meta.main) {
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
  const added = completeLock(lock);
  if (added.length > 0) {
    const sorted = Object.fromEntries(
      Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
    );
    writeFileSync("package-lock.json", `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
    console.log(
      `package-lock.json: recorded ${added.length} optional packages this registry does not serve (${added.join(", ")}).`,
    );
  }
}
