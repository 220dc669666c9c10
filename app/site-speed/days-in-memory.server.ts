/**
 * The closed days a serving process has read, kept in its memory (docs/decisions/049, "Closed days
 * kept in memory"): a 30 days' view of the busy seller read 544 rows of its days' summaries, of
 * about 10.7 kB each, and reading their stored figures into each day's sums per page and release
 * was about 96 ms of its 190 at ten million beacons (a CPU profile, bench/README.md "Where a 30
 * days' view goes"). The report still adds the days up into the period's, at every view. A
 * closed day, once summed, does not change (summed-days.server.ts), so the next view in the
 * process (another page's charts, another order, a reload) takes its figures from here. Today's
 * hours are read each time.
 *
 * A day is known by its summing (`summing_id`, migration 0037): a day deleted and summed again is
 * read afresh; a day's rows changed in place (by hand) are not, until the process restarts. What
 * is kept is bounded by an estimate of its memory (SPEED_DAYS_IN_MEMORY_MB, 64 by default), the
 * least recently read going first; each database (each test's, say) has its own.
 */
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { DatabaseSchema } from "~/db/schema";
import { everyFigure, isVitalFigure, type KeepFigure } from "./page-view-figures";
import type { HourSummary } from "./summed-report.server";

/**
 * The memory each serving process keeps closed days in unless SPEED_DAYS_IN_MEMORY_MB says
 * otherwise: room for the busy seller's 30 days and the vitals of the 30 before at ten million
 * beacons (the 30 days about 21 MB at a million, bench/README.md). A bound a view's days do not fit
 * in keeps nothing for the next view: each read would let go of the days the next one reads first.
 */
export const DEFAULT_DAYS_IN_MEMORY_MB = 64;

/**
 * SPEED_DAYS_IN_MEMORY_MB in bytes, else the default's; 0 keeps none. A bad value throws, saying
 * why: read at start-up too (scripts/serve.ts, before any worker starts; server/index.ts), so
 * that a mistake stops the hub before it serves.
 */
export function daysInMemoryBytes(environment: NodeJS.ProcessEnv = process.env): number {
  const setting = environment.SPEED_DAYS_IN_MEMORY_MB ?? "";
  if (setting === "") return DEFAULT_DAYS_IN_MEMORY_MB * 1024 * 1024;
  if (!/^[0-9]{1,5}$/.test(setting))
    throw new Error(
      `SPEED_DAYS_IN_MEMORY_MB must be a whole number of megabytes, up to 99999 (0 keeps no closed days in memory); it is "${setting}".`,
    );
  return Number(setting) * 1024 * 1024;
}

/** The reads whose days are kept, by the figures they keep; a read that keeps others reads its days each time. */
const KEPT_READS = new Map<KeepFigure, string>([
  [everyFigure, "every figure"],
  [isVitalFigure, "vitals"],
]);

/** What a closed day's summaries are kept by: whose, zone, segment, the figures its read kept, day, summing. */
export interface DayKey {
  seller: number;
  timeZone: string;
  device: string;
  connection: string;
  keep: KeepFigure;
  dayStart: number;
  summingId: string;
}

const kept = new WeakMap<Kysely<DatabaseSchema>, LRUCache<string, HourSummary[]>>();

/** The days kept of `db`; none when the setting keeps none. */
function daysKeptOf(db: Kysely<DatabaseSchema>): LRUCache<string, HourSummary[]> | undefined {
  let days = kept.get(db);
  if (!days) {
    const bytes = daysInMemoryBytes();
    if (bytes === 0) return undefined;
    days = new LRUCache({ maxSize: bytes });
    kept.set(db, days);
  }
  return days;
}

/**
 * About how many bytes of memory a day's summaries hold: a count's map entry and its name, a
 * histogram's bins (10 bytes each: a number's 8, and the room an array keeps as it grows), the key
 * and the cache's own entry. Set against the heap in a probe (2026-11-29, the benchmark's million
 * beacons): the busy seller's 30 days read, 21.3 MB by this estimate, held 20.9 MB of heap.
 */
export function memoryOf(key: string, summaries: readonly HourSummary[]): number {
  let bytes = 200 + 2 * key.length;
  for (const { pageName, release, figures } of summaries) {
    bytes += 150 + pageName.length + release.length;
    for (const name of figures.counts.keys()) bytes += 64 + name.length;
    for (const [name, histogram] of figures.histograms) bytes += 128 + name.length + 10 * histogram.counts.length;
  }
  return bytes;
}

const keyOf = (day: DayKey): string | undefined => {
  const figures = KEPT_READS.get(day.keep);
  return figures === undefined
    ? undefined
    : JSON.stringify([day.seller, day.timeZone, day.device, day.connection, figures, day.dayStart, day.summingId]);
};

/**
 * The closed days this process's views asked for, of the reads whose days are kept, since it
 * started: found in memory, or read from the database (not yet read here, let go of, or none kept
 * at all). The operator's metrics tell them (server/metrics.ts).
 */
export const dayReads = { fromMemory: 0, fromDatabase: 0 };

/** What this process keeps of `db`'s days: how many, and their memory by `memoryOf`'s estimate. */
export function daysKept(db: Kysely<DatabaseSchema>): { days: number; bytes: number } {
  const days = kept.get(db);
  return { days: days?.size ?? 0, bytes: days?.calculatedSize ?? 0 };
}

/**
 * The day's summaries as a read of this process took them, if it still keeps them; a read of the
 * vitals takes the day a read of every figure kept, which holds them (the reads of vitals look at
 * nothing else but the first moment, kept either way). They are shared by every view that reads
 * the day: read them, never change them.
 */
export function keptDay(db: Kysely<DatabaseSchema>, day: DayKey): readonly HourSummary[] | undefined {
  const days = daysKeptOf(db);
  const found = (key: DayKey) => {
    const name = keyOf(key);
    return name === undefined ? undefined : days?.get(name);
  };
  // A read whose figures are never kept is not counted: it could not have found them here.
  if (keyOf(day) === undefined) return undefined;
  const summaries = found(day) ?? (day.keep === isVitalFigure ? found({ ...day, keep: everyFigure }) : undefined);
  if (summaries) dayReads.fromMemory++;
  else dayReads.fromDatabase++;
  return summaries;
}

/** Keeps a day's summaries (a day without page views too: its read found none). */
export function keepDay(db: Kysely<DatabaseSchema>, day: DayKey, summaries: HourSummary[]): void {
  const key = keyOf(day);
  if (key !== undefined) daysKeptOf(db)?.set(key, summaries, { size: memoryOf(key, summaries) });
}
