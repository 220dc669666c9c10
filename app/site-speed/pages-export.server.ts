import { RELATIVE_ACCURACY } from "./log-histogram";
import type { Text } from "~/i18n/language-text";
import type { Language } from "~/i18n/languages";
import { inertText, spreadsheetCsv, spreadsheetDialect } from "~/spreadsheets/spreadsheet-dialect";
import { SERVER_TIMING_PARTS } from "./beacon-rules";
import { pageLabel } from "./page-labels";
import type { PageSummary, ServerTimeSummary, SiteSpeedReport, VitalSummary } from "./site-speed-report";
import { RATING_LABELS, VITAL_NAMES, VITALS, type Rating, type VitalName } from "./vitals";

/**
 * The dashboard's pages table taken out of the hub: as a CSV file for the seller's spreadsheet, or
 * as JSON for a program. Both hold what the table holds (the CSV a page's label, then its name), for the same period, segment and order,
 * with every figure as a number (no "ms", no grouping) and nothing the table shows only as a chart.
 */

export const PAGE_EXPORT_FORMATS = ["csv", "json"] as const;
export type PageExportFormat = (typeof PAGE_EXPORT_FORMATS)[number];

/** What a vital's columns hold, in the order they come, each under its vital's name. */
const VITAL_MEASURES = ["p75", "rating", "samples", "good", "needsImprovement", "poor", "previous"] as const;

/** Where the server's time went, for full loads and then in-app navigations' data: each part, then how many page views said. */
const SERVER_KINDS = ["fullLoads", "inApp"] as const;

/** A figure as the spreadsheet reads a number: the dialect's decimal mark, no grouping; empty when there is none. */
function plainNumber(value: number | null, decimalMark: string): string {
  if (value === null) return "";
  // CLS has up to three decimals, the timings none; String() never writes an exponent for these.
  return String(Math.round(value * 1000) / 1000).replace(".", decimalMark);
}

/**
 * The pages table as CSV in the seller's spreadsheet's dialect (decision 083's: UTF-8 with a byte
 * order mark, `;` and decimal commas where the decimal mark is a comma, CR LF), headings in the
 * seller's language, one row per page in the table's order. A report read while a backlog waits
 * to be summed (`stillSumming`) says so on the dashboard and in the JSON; a CSV file is a table
 * for a spreadsheet, with no place for a note, so it does not.
 */
export function pagesCsv(pages: PageSummary[], language: Language, text: Text): string {
  const { delimiter, decimalMark } = spreadsheetDialect(language);
  const number = (value: number | null) => plainNumber(value, decimalMark);
  const headings = [
    text("speed.column.page"),
    text("speed.export.pageName"),
    text("speed.column.pageViews"),
    text("speed.column.fullLoads"),
    text("speed.column.inApp"),
    text("speed.export.inAppP75"),
    text("speed.export.dataP75"),
    ...VITAL_NAMES.flatMap((vital) =>
      VITAL_MEASURES.map((measure) =>
        text("speed.export.vital", { vital, measure, unit: VITALS[vital].unit === "ms" ? "ms" : "none" }),
      ),
    ),
    // After the vitals: a spreadsheet built on the columns before finds them where they were.
    ...SERVER_KINDS.flatMap((kind) =>
      [...SERVER_TIMING_PARTS, "samples" as const].map((part) => text("speed.export.server", { kind, part })),
    ),
  ];
  const serverCells = (summary: ServerTimeSummary | null): string[] => [
    ...SERVER_TIMING_PARTS.map((part) => number(summary?.p75[part] ?? null)),
    String(summary?.samples ?? 0),
  ];
  const vitalCells = (vital: VitalSummary): string[] => {
    const measured = vital.p75 !== null;
    return [
      number(vital.p75),
      vital.rating === null ? "" : inertText(text(RATING_LABELS[vital.rating])),
      String(vital.samples),
      measured ? number(vital.ratingPercentages.good) : "",
      measured ? number(vital.ratingPercentages["needs-improvement"]) : "",
      measured ? number(vital.ratingPercentages.poor) : "",
      number(vital.previousP75),
    ];
  };
  const rows = pages.map((page) => [
    inertText(pageLabel(page.pageName, text)),
    inertText(page.pageName),
    String(page.pageViews),
    String(page.fullLoads),
    String(page.inAppNavigations),
    number(page.inAppDurationP75),
    number(page.dataRequestP75),
    ...VITAL_NAMES.flatMap((name) => {
      const vital = page.vitals.find((candidate) => candidate.name === name);
      return vital ? vitalCells(vital) : VITAL_MEASURES.map(() => "");
    }),
    ...SERVER_KINDS.flatMap((kind) => serverCells(page.server[kind])),
  ]);
  return spreadsheetCsv([headings, ...rows], { delimiter }, { bom: true });
}

/** A vital in the JSON export: its figures, the rating as a code, times in milliseconds. */
interface ExportedVital {
  p75: number | null;
  rating: Rating | null;
  samples: number;
  ratingCounts: Record<Rating, number>;
  previousP75: number | null;
}

/**
 * The pages table as JSON: the period and segment it covers, then each page (in the report's
 * order) with its vitals by name, where its server's time went and what its LCP and INP were made
 * of (each part at its 75th percentile, with how many page views said; null when none did).
 */
export function pagesJson(report: SiteSpeedReport) {
  return {
    since: new Date(report.since).toISOString(),
    until: new Date(report.until).toISOString(),
    segment: { device: report.segment.device ?? null, connection: report.segment.connection ?? null },
    pageViews: report.pageViews,
    /** A backlog of beacons waits to be summed: the figures lack its page views until it is. */
    stillSumming: report.stillSumming,
    /** Each percentile is within this share of the exact one (the summaries' log histograms). */
    percentilesWithin: RELATIVE_ACCURACY,
    pages: report.pages.map((page) => ({
      pageName: page.pageName,
      pageViews: page.pageViews,
      fullLoads: page.fullLoads,
      inAppNavigations: page.inAppNavigations,
      inAppDurationP75: page.inAppDurationP75,
      dataRequestP75: page.dataRequestP75,
      server: page.server,
      vitalParts: page.vitalParts,
      vitals: Object.fromEntries(
        page.vitals.map((vital): [VitalName, ExportedVital] => [
          vital.name,
          {
            p75: vital.p75,
            rating: vital.rating,
            samples: vital.samples,
            ratingCounts: vital.ratingCounts,
            previousP75: vital.previousP75,
          },
        ]),
      ),
    })),
  };
}

/** The file's name: the day it was taken (UTC), so several exports sort by date. */
export function pagesExportFileName(format: PageExportFormat, now: Date): string {
  return `site-speed-pages-${now.toISOString().slice(0, 10)}.${format}`;
}
