import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseSchema } from "~/db/schema";
import {
  dayReads,
  daysInMemoryBytes,
  daysKept,
  DEFAULT_DAYS_IN_MEMORY_MB,
  keepDay,
  keptDay,
  memoryOf,
  type DayKey,
} from "./days-in-memory.server";
import { everyFigure, isVitalFigure, noFigures, type Figures } from "./page-view-figures";
import type { HourSummary } from "./summed-report.server";

/** A database no query reaches: what is kept is only keyed by it. */
const aDatabase = () => ({}) as Kysely<DatabaseSchema>;

const DAY: DayKey = {
  seller: 7,
  timeZone: "Europe/Berlin",
  device: "*",
  connection: "*",
  keep: everyFigure,
  dayStart: Date.UTC(2026, 10, 20, 23),
  summingId: "b1f0c2",
};
const summaries = (pageName: string): HourSummary[] => [
  { hourStart: DAY.dayStart, pageName, release: "2026.11.20", figures: noFigures() },
];

describe("closed days kept in memory", () => {
  // The default's room, whatever the shell running the tests sets.
  beforeEach(() => {
    vi.stubEnv("SPEED_DAYS_IN_MEMORY_MB", "");
    return () => vi.unstubAllEnvs();
  });

  it("finds a day by its account, zone, segment, figures and summing, and by nothing else", () => {
    const db = aDatabase();
    keepDay(db, DAY, summaries("sellerHubOverview"));
    expect(keptDay(db, DAY)).toEqual(summaries("sellerHubOverview"));
    for (const other of [
      { seller: 8 },
      { timeZone: "UTC" },
      { device: "phone" },
      { connection: "slow" },
      { dayStart: DAY.dayStart + 86_400_000 },
      { summingId: "9e44aa" },
    ])
      expect(keptDay(db, { ...DAY, ...other }), JSON.stringify(other)).toBeUndefined();
    // Each database keeps its own: a test's fresh one finds none.
    expect(keptDay(aDatabase(), DAY)).toBeUndefined();
  });

  it("keeps only the reads of every figure and of the vitals, and gives a read of the vitals a day kept with every figure", () => {
    const db = aDatabase();
    const scriptErrorsOnly = (name: string) => name.startsWith("error");
    keepDay(db, { ...DAY, keep: isVitalFigure }, summaries("vitals"));
    keepDay(db, { ...DAY, keep: scriptErrorsOnly }, summaries("errors"));
    expect(keptDay(db, { ...DAY, keep: isVitalFigure })).toEqual(summaries("vitals"));
    expect(keptDay(db, { ...DAY, keep: scriptErrorsOnly })).toBeUndefined();
    // Every figure holds the vitals; the vitals do not hold every figure.
    expect(keptDay(db, DAY)).toBeUndefined();
    keepDay(db, { ...DAY, dayStart: 0 }, summaries("every"));
    expect(keptDay(db, { ...DAY, dayStart: 0, keep: isVitalFigure })).toEqual(summaries("every"));
  });

  it("counts a day's memory by its counts and its histograms' bins", () => {
    const figures = (bins: number): Figures => ({
      counts: new Map([
        ["pageViews", 4],
        ["LCP.good", 4],
      ]),
      histograms: new Map([["LCP", { zeros: 0, lowestBin: 700, counts: new Array<number>(bins).fill(1) }]]),
    });
    const day = (bins: number) => [
      { hourStart: DAY.dayStart, pageName: "sellerHubOverview", release: "", figures: figures(bins) },
    ];
    expect(memoryOf("k", day(1_000)) - memoryOf("k", day(0))).toBe(10_000);
    expect(memoryOf("k", [])).toBeGreaterThan(0);
  });

  it("lets the least recently read day go first past the memory the setting gives", () => {
    const db = aDatabase();
    // Days of one page and a histogram of a third of the default's bytes each.
    const bins = Math.floor((DEFAULT_DAYS_IN_MEMORY_MB * 1024 * 1024) / 3 / 10) - 100;
    const day = (summingId: string) => ({ ...DAY, summingId });
    const big = (pageName: string): HourSummary[] => [
      {
        hourStart: DAY.dayStart,
        pageName,
        release: "",
        figures: {
          counts: new Map(),
          histograms: new Map([["LCP", { zeros: 0, lowestBin: 0, counts: new Array<number>(bins).fill(1) }]]),
        },
      },
    ];
    keepDay(db, day("a"), big("a"));
    keepDay(db, day("b"), big("b"));
    keepDay(db, day("c"), big("c"));
    // "a" read again, so "b" is the least recently read when "d" comes.
    expect(keptDay(db, day("a"))).toBeDefined();
    keepDay(db, day("d"), big("d"));
    expect(["a", "b", "c", "d"].filter((id) => keptDay(db, day(id)) !== undefined)).toEqual(["a", "c", "d"]);
    // A day without page views is kept, and found.
    keepDay(db, day("e"), []);
    expect(keptDay(db, day("e"))).toEqual([]);
  });

  it("counts the days found in memory and read from the database, and tells what it keeps, for the operator", () => {
    const db = aDatabase();
    const before = { ...dayReads };
    expect(daysKept(db)).toEqual({ days: 0, bytes: 0 });
    expect(keptDay(db, DAY)).toBeUndefined();
    keepDay(db, DAY, summaries("sellerHubOverview"));
    keepDay(db, { ...DAY, dayStart: DAY.dayStart + 86_400_000 }, []);
    expect(keptDay(db, DAY)).toBeDefined();
    expect(keptDay(db, { ...DAY, keep: isVitalFigure })).toBeDefined();
    expect({
      fromMemory: dayReads.fromMemory - before.fromMemory,
      fromDatabase: dayReads.fromDatabase - before.fromDatabase,
    }).toEqual({ fromMemory: 2, fromDatabase: 1 });
    const key = (dayStart: number) =>
      JSON.stringify([DAY.seller, DAY.timeZone, DAY.device, DAY.connection, "every figure", dayStart, DAY.summingId]);
    expect(daysKept(db)).toEqual({
      days: 2,
      bytes: memoryOf(key(DAY.dayStart), summaries("sellerHubOverview")) + memoryOf(key(DAY.dayStart + 86_400_000), []),
    });
    // None kept where the setting keeps none: every day is read from the database.
    vi.stubEnv("SPEED_DAYS_IN_MEMORY_MB", "0");
    const none = aDatabase();
    keepDay(none, DAY, summaries("sellerHubOverview"));
    expect(keptDay(none, DAY)).toBeUndefined();
    expect(daysKept(none)).toEqual({ days: 0, bytes: 0 });
    expect(dayReads.fromDatabase - before.fromDatabase).toBe(2);
  });

  it("reads SPEED_DAYS_IN_MEMORY_MB, where 0 keeps none, and refuses what is not a number of megabytes", () => {
    expect(daysInMemoryBytes({})).toBe(DEFAULT_DAYS_IN_MEMORY_MB * 1024 * 1024);
    expect(daysInMemoryBytes({ SPEED_DAYS_IN_MEMORY_MB: "0" })).toBe(0);
    expect(daysInMemoryBytes({ SPEED_DAYS_IN_MEMORY_MB: "256" })).toBe(256 * 1024 * 1024);
    for (const bad of ["-1", "1.5", "32MB", "1e3", "Infinity", "９", "100000", "9007199254740993"])
      expect(() => daysInMemoryBytes({ SPEED_DAYS_IN_MEMORY_MB: bad }), bad).toThrow(
        /SPEED_DAYS_IN_MEMORY_MB must be a whole number of megabytes/,
      );
  });
});
