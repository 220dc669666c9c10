/**
 * What the site-speed dashboard's address asks for: the period, the segment, the order of the
 * pages table, the releases to compare and the page whose charts are shown. Everything is in the query string, so sorting and filtering are links and a
 * GET form that work without JavaScript.
 */
import type { Text } from "~/i18n/language-text";
import { CONNECTION_TYPES, PAGE_NAME } from "./beacon-rules";
import { findReportPeriod, REPORT_PERIODS, type ReportPeriod } from "./report-periods";
import { DEVICE_CLASSES, type Segment } from "./report-segments";
import type { PageRow } from "./site-speed-report";
import { VITAL_NAMES, type VitalName } from "./vitals";

/** The pages table's columns that sort it. */
export const PAGE_ORDERS = ["page", "views", "inApp", ...VITAL_NAMES] as const;
export type PageOrder = (typeof PAGE_ORDERS)[number];
export type Direction = "ascending" | "descending";

export interface DashboardQuery {
  period: ReportPeriod;
  segment: Segment;
  order: PageOrder;
  direction: Direction;
  /** Two releases to set side by side; none for the newest against the one before it. */
  releases?: { release: string; against: string };
  /**
   * The page whose own figures are shown under the table: its vitals' shares, parts, trends and
   * distributions. One at a time: all of a busy hub's pages were 136 charts and 1.5 MB of HTML,
   * a third of the view's time on the server (docs/decisions/045, "One page's charts").
   */
  page?: string;
}

/** A release as the beacon names it (beacon-schema.ts): what the query may ask to compare. */
const RELEASE = /^[\w.-]{1,64}$/;

/** Busiest page first, as before the table could be sorted. */
const DEFAULT_ORDER: PageOrder = "views";

/** The direction a column sorts in first: names A to Z, counts and times largest (busiest, slowest) first. */
export const firstDirection = (order: PageOrder): Direction => (order === "page" ? "ascending" : "descending");

/** The query's dashboard, or the reason it cannot be shown (a 400). */
export function readDashboardQuery(params: URLSearchParams): DashboardQuery | { refusal: string } {
  const period = findReportPeriod(params.get("period"));
  if (!period) return { refusal: `Choose a period of ${REPORT_PERIODS.map((known) => known.key).join(", ")}.` };
  const device = optionOf(params.get("device"), DEVICE_CLASSES);
  if (device === null) return { refusal: `Choose a device of ${DEVICE_CLASSES.join(", ")}, or none for all.` };
  const connection = optionOf(params.get("connection"), CONNECTION_TYPES);
  if (connection === null)
    return { refusal: `Choose a connection of ${CONNECTION_TYPES.join(", ")}, or none for all.` };
  const order = optionOf(params.get("sort"), PAGE_ORDERS);
  if (order === null) return { refusal: `Sort by one of ${PAGE_ORDERS.join(", ")}.` };
  const direction = optionOf(params.get("direction"), ["ascending", "descending"] as const);
  if (direction === null) return { refusal: "Sort ascending or descending." };
  const release = params.get("release") || null;
  const against = params.get("against") || null;
  if ((release === null) !== (against === null)) return { refusal: "Choose two releases to compare, or neither." };
  if (release !== null && against !== null && !(RELEASE.test(release) && RELEASE.test(against)))
    return { refusal: "A release is 1 to 64 letters, digits, '.', '-' or '_'." };
  if (release !== null && release === against) return { refusal: "Choose two different releases to compare." };
  const page = params.get("page") || null;
  if (page !== null && !PAGE_NAME.test(page))
    return { refusal: "Choose a page by its name in the table, such as sellerHubOverview." };
  const chosen = order ?? DEFAULT_ORDER;
  const segment: Segment = { ...(device && { device }), ...(connection && { connection }) };
  return {
    period,
    segment,
    order: chosen,
    direction: direction ?? firstDirection(chosen),
    ...(release !== null && against !== null && { releases: { release, against } }),
    ...(page !== null && { page }),
  };
}

/** Absent or empty: undefined (the default); a known value: it; anything else: null. */
function optionOf<T extends string>(value: string | null, options: readonly T[]): T | undefined | null {
  if (value === null || value === "") return undefined;
  return options.find((option) => option === value) ?? null;
}

/** The dashboard's address with some of its query changed: the period and segment stay. */
export function dashboardSearch(
  query: DashboardQuery,
  changes: { order?: PageOrder; direction?: Direction; page?: string },
): string {
  const order = changes.order ?? query.order;
  const params = new URLSearchParams({ period: query.period.key });
  if (query.segment.device) params.set("device", query.segment.device);
  if (query.segment.connection) params.set("connection", query.segment.connection);
  params.set("sort", order);
  params.set("direction", changes.direction ?? (order === query.order ? query.direction : firstDirection(order)));
  if (query.releases) {
    params.set("release", query.releases.release);
    params.set("against", query.releases.against);
  }
  const page = changes.page ?? query.page;
  if (page) params.set("page", page);
  return `?${params}`;
}

/** Each page's link, which shows its charts: the rest of the query stays. */
export function pageChoiceSearches(query: DashboardQuery, pageNames: readonly string[]): Record<string, string> {
  return Object.fromEntries(pageNames.map((page) => [page, dashboardSearch(query, { page })]));
}

/** Each column's link: the sorted one flips its direction, the others sort in their first direction. */
export function columnSortSearches(query: DashboardQuery): Record<PageOrder, string> {
  return Object.fromEntries(
    PAGE_ORDERS.map((order) => [
      order,
      dashboardSearch(query, {
        order,
        direction: order === query.order ? flip(query.direction) : firstDirection(order),
      }),
    ]),
  ) as Record<PageOrder, string>;
}

const flip = (direction: Direction): Direction => (direction === "ascending" ? "descending" : "ascending");

/** The pages in the order asked for; pages that did not measure the value go last either way. */
export function sortPages<Page extends PageRow>(
  pages: readonly Page[],
  order: PageOrder,
  direction: Direction,
  /** What the Page column shows (its label), which its order follows; the page name breaks ties. */
  labelOf: (pageName: string) => string = (pageName) => pageName,
): Page[] {
  const sign = direction === "ascending" ? 1 : -1;
  if (order === "page")
    return pages.toSorted(
      (a, b) => sign * (labelOf(a.pageName).localeCompare(labelOf(b.pageName)) || a.pageName.localeCompare(b.pageName)),
    );
  const value = (page: Page): number | null =>
    order === "views"
      ? page.pageViews
      : order === "inApp"
        ? page.inAppDurationP75
        : (page.vitals.find((vital) => vital.name === (order as VitalName))?.p75 ?? null);
  return pages.toSorted((a, b) => {
    const [first, second] = [value(a), value(b)];
    if (first === null || second === null) return first === second ? 0 : first === null ? 1 : -1;
    return sign * (first - second) || a.pageName.localeCompare(b.pageName);
  });
}

const MAX_NAMED_RELEASES = 10;

/**
 * Why a release asked for cannot be compared (the period measured none of its page views), in the
 * seller's language: unlike the query's other refusals, which only an address made by hand
 * reaches, an old bookmark reaches this one (an audit of 2026-11-29).
 */
export function unmeasuredRelease(
  asked: DashboardQuery["releases"],
  measured: readonly { release: string }[],
  text: Text,
): string | null {
  if (!asked) return null;
  const known = new Set(measured.map(({ release }) => release));
  if (known.has(asked.release) && known.has(asked.against)) return null;
  if (known.size === 0) return text("speed.releases.noneMeasured");
  // The newest few: a development server's every rebuild is a release of its own.
  const newest = measured
    .slice(-MAX_NAMED_RELEASES)
    .map(({ release }) => release)
    .toReversed();
  return text("speed.releases.chooseMeasured", {
    releases: `${newest.join(", ")}${known.size > MAX_NAMED_RELEASES ? ", …" : ""}`,
  });
}
