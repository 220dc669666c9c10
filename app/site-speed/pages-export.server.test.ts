import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { textOfLanguage } from "~/i18n/catalogues.server";
import type { Language } from "~/i18n/languages";
import { pagesCsv, pagesExportFileName, pagesJson } from "./pages-export.server";
import type { PageSummary, SiteSpeedReport } from "./site-speed-report";
import { p75, summariseVital } from "../../test/exact-vital-statistics";
import { VITAL_NAMES, type VitalName } from "./vitals";

const vital = (name: VitalName, values: number[], previousP75: number | null = null) =>
  summariseVital(name, values, previousP75);

const OVERVIEW: PageSummary = {
  pageName: "sellerHubOverview",
  pageViews: 12_345,
  fullLoads: 12_000,
  inAppNavigations: 345,
  inAppDurationP75: 96,
  dataRequestP75: 41,
  server: {
    fullLoads: { samples: 11_900, p75: { db: 12, loaders: 18, render: 31, total: 52 } },
    inApp: { samples: 340, p75: { db: 9, loaders: 14, total: 16 } },
  },
  vitalParts: {
    LCP: { samples: 11_800, p75: { ttfb: 60, loadDelay: 4, loadTime: 120, renderDelay: 700 } },
    INP: null,
  },
  vitals: VITAL_NAMES.map((name) =>
    name === "INP"
      ? vital(name, [])
      : name === "CLS"
        ? vital(name, [0.01, 0.125, 0.3, 0.05], 0.02)
        : vital(name, [300, 2600, 4500, 900], 700),
  ),
};
// A page name is the hub's own code, but the file never trusts a cell: one written like a formula stays text.
const ODD: PageSummary = {
  ...OVERVIEW,
  pageName: "=cmd",
  pageViews: 1,
  inAppNavigations: 0,
  inAppDurationP75: null,
  server: { fullLoads: null, inApp: null },
  vitalParts: { LCP: null, INP: null },
};

const REPORT: SiteSpeedReport = {
  since: Date.UTC(2026, 10, 18),
  until: Date.UTC(2026, 10, 25),
  bucketMs: 86_400_000,
  segment: { device: "phone" },
  pageViews: 12_346,
  stillSumming: true,
  regressions: [],
  charts: null,
  releases: [],
  releaseComparison: null,
  pages: [OVERVIEW, ODD],
  fixes: [],
  tracking: [],
  scriptErrors: [],
};

const csvOf = (language: Language, delimiter: string) =>
  parse(pagesCsv([OVERVIEW, ODD], language, textOfLanguage(language).text), { bom: true, delimiter }) as string[][];

describe("the pages table as a file", () => {
  it("writes every figure of the table as a number, with the vitals' units in the headings", () => {
    const [headings, overview, odd] = csvOf("en-US", ",") as [string[], string[], string[]];
    const cell = (row: string[], heading: string) => row[headings.indexOf(heading)];
    expect(headings.slice(0, 7)).toEqual([
      "Page",
      "Page name",
      "Page views",
      "Full loads",
      "In-app navigations",
      "In-app navigation, 75th percentile (ms)",
      "Data request, 75th percentile (ms)",
    ]);
    expect(headings.slice(7, 14)).toEqual([
      "LCP 75th percentile (ms)",
      "LCP rating",
      "LCP page views measured",
      "LCP good (%)",
      "LCP needs improvement (%)",
      "LCP poor (%)",
      "LCP 75th percentile, the period before (ms)",
    ]);
    expect(headings).toContain("CLS 75th percentile");
    expect(headings.slice(7 + 5 * 7)).toEqual([
      "Server, full loads: database, 75th percentile (ms)",
      "Server, full loads: loaders, 75th percentile (ms)",
      "Server, full loads: form's action, 75th percentile (ms)",
      "Server, full loads: render, 75th percentile (ms)",
      "Server, full loads: whole request, 75th percentile (ms)",
      "Server, full loads: page views measured",
      "Server, in-app navigations' data: database, 75th percentile (ms)",
      "Server, in-app navigations' data: loaders, 75th percentile (ms)",
      "Server, in-app navigations' data: form's action, 75th percentile (ms)",
      "Server, in-app navigations' data: render, 75th percentile (ms)",
      "Server, in-app navigations' data: whole request, 75th percentile (ms)",
      "Server, in-app navigations' data: page views measured",
    ]);
    // Where the server's time went, after the vitals: a part no request had (no form posted, a data request renders nothing) is empty.
    expect(overview.slice(7 + 5 * 7)).toEqual(["12", "18", "", "31", "52", "11900", "9", "14", "", "", "16", "340"]);
    expect(odd.slice(7 + 5 * 7)).toEqual(["", "", "", "", "", "0", "", "", "", "", "", "0"]);
    expect(overview.slice(0, 7)).toEqual(["Overview", "sellerHubOverview", "12345", "12000", "345", "96", "41"]);
    expect(cell(overview, "LCP 75th percentile (ms)")).toBe(String(p75([300, 2600, 4500, 900])));
    expect(cell(overview, "LCP rating")).toBe("Needs improvement");
    expect(cell(overview, "LCP page views measured")).toBe("4");
    expect(cell(overview, "LCP 75th percentile, the period before (ms)")).toBe("700");
    expect(cell(overview, "CLS 75th percentile")).toBe(String(p75([0.01, 0.125, 0.3, 0.05])));
    expect(cell(overview, "CLS 75th percentile, the period before")).toBe("0.02");
    // Not measured: empty cells, not zeros, which a spreadsheet would average in.
    expect(["INP 75th percentile (ms)", "INP rating", "INP good (%)"].map((name) => cell(overview, name))).toEqual([
      "",
      "",
      "",
    ]);
    expect(cell(overview, "INP page views measured")).toBe("0");
    // Not a page the hub knows: its label is its name, inert both times.
    expect(odd.slice(0, 2)).toEqual(["'=cmd", "'=cmd"]);
    expect(cell(odd, "In-app navigation, 75th percentile (ms)")).toBe("");
  });

  it("is written in a German spreadsheet's dialect: semicolons, decimal commas, German headings", () => {
    const [headings, overview] = csvOf("de-DE", ";") as [string[], string[]];
    expect(headings.slice(0, 2)).toEqual(["Seite", "Seitenname"]);
    expect(overview[0]).toBe("Übersicht");
    expect(overview[headings.indexOf("CLS: 75. Perzentil, Zeitraum davor")]).toBe("0,02");
    expect(overview[headings.indexOf("Server, vollständige Ladevorgänge: Datenbank, 75. Perzentil (ms)")]).toBe("12");
    expect(pagesCsv([OVERVIEW], "de-DE", textOfLanguage("de-DE").text)).toMatch(/^\uFEFF[^\r\n]*;[^\r\n]*\r\n/);
  });

  it("gives a program the period, the segment and each page's vitals by name, ratings as codes", () => {
    const json = pagesJson(REPORT);
    expect(json).toMatchObject({
      since: "2026-11-18T00:00:00.000Z",
      until: "2026-11-25T00:00:00.000Z",
      segment: { device: "phone", connection: null },
      pageViews: 12_346,
      stillSumming: true,
      percentilesWithin: 0.01,
    });
    expect(json.pages.map((page) => page.pageName)).toEqual(["sellerHubOverview", "=cmd"]);
    expect(json.pages[0]?.vitals.LCP).toEqual({
      p75: p75([300, 2600, 4500, 900]),
      rating: "needs-improvement",
      samples: 4,
      ratingCounts: { good: 2, "needs-improvement": 1, poor: 1 },
      previousP75: 700,
    });
    expect(json.pages[0]?.vitals.INP).toMatchObject({ p75: null, rating: null, samples: 0 });
    // Where the server's time went and what the LCP was made of, each part at its 75th percentile, with how many said.
    expect(json.pages[0]?.server).toEqual(OVERVIEW.server);
    expect(json.pages[0]?.vitalParts).toEqual(OVERVIEW.vitalParts);
    expect(json.pages[1]).toMatchObject({
      server: { fullLoads: null, inApp: null },
      vitalParts: { LCP: null, INP: null },
    });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it("tells a program how near each percentile is to the exact one, and whether a backlog is still being summed", () => {
    expect(pagesJson(REPORT)).toMatchObject({ percentilesWithin: 0.01, stillSumming: true });
    expect(pagesJson({ ...REPORT, stillSumming: false })).toMatchObject({ stillSumming: false });
  });

  it("names the file by its day", () => {
    expect(pagesExportFileName("json", new Date(Date.UTC(2026, 10, 25, 23, 59)))).toBe(
      "site-speed-pages-2026-11-25.json",
    );
  });
});
