/**
 * What an LCP or an INP was made of, as the beacon carries it: computed in web-vitals' own chunk
 * (measure-web-vitals.ts), which loads after the page, so that none of it weighs on the first
 * load's beacon (4 kB brotli, bench/README.md).
 */
import { shortUrl } from "./beacon-payload";
import { MAX_MEASURED_MS, MAX_URL_LENGTH } from "./beacon-rules";

/** A vital's parts as the beacon carries them: the names given, whole milliseconds, each within what the collector takes. */
export function measuredParts<Part extends string>(
  parts: Record<string, number> | undefined,
  names: readonly Part[],
): Partial<Record<Part, number>> | undefined {
  if (!parts) return undefined;
  const kept = names.flatMap((name) => {
    const value = parts[name];
    return value !== undefined && Number.isFinite(value) && value >= 0 && value <= MAX_MEASURED_MS
      ? [[name, Math.round(value)] as const]
      : [];
  });
  return kept.length === 0 ? undefined : (Object.fromEntries(kept) as Partial<Record<Part, number>>);
}

/** The INP's script in a line: the file (a path for the hub's own, as resources are named) and its function. */
export function describeScript(script: { url: string; name: string } | undefined, origin: string): string | undefined {
  if (!script) return undefined;
  const described = [shortUrl(script.url, origin), script.name].filter(Boolean).join(" ");
  return described === "" ? undefined : described.slice(0, MAX_URL_LENGTH);
}
