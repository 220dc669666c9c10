import { Fragment, useId } from "react";
import { useText } from "~/i18n/text";
import { firstDirection, type Direction, type PageOrder } from "~/site-speed/dashboard-query";
import { pageLabel } from "~/site-speed/page-labels";
import type { PageRow } from "~/site-speed/site-speed-report";
import { formatDuration, VITAL_NAMES, VITALS } from "~/site-speed/vitals";
import { VitalFigure } from "../vital-figure/VitalFigure";

export interface PagesTableProps {
  /** In the order the table is sorted by. */
  pages: PageRow[];
  /** Formats numbers in the page's language's locale. */
  locale: string;
  order: PageOrder;
  direction: Direction;
  /** Each sortable column's link (a query string): sorting is a page load, so it works without JavaScript. */
  sortSearches: Record<PageOrder, string>;
  /** Each page's link (a query string) to its own figures under the table, by page name. */
  pageSearches: Record<string, string>;
  /** The page whose figures are shown, if one is. */
  shownPage?: string;
}

/** The table's own region: a sort leads back to it. */
const EVERY_PAGE_ID = "every-page";

/** One row per page: its page views, full loads beside in-app navigations, and every vital judged. */
export function PagesTable({
  pages,
  locale,
  order,
  direction,
  sortSearches,
  pageSearches,
  shownPage,
}: PagesTableProps) {
  const captionId = useId();
  const text = useText();
  // The APG's sortable table: the sorted column and its direction shown, not only in aria-sort
  // (an audit of 2026-11-29), each link saying what it does, and the page coming back at the
  // table (a sort is a page load), not at its top.
  const header = (column: PageOrder, label: React.ReactNode, title?: string) => {
    const sorted = column === order ? direction : undefined;
    const next = sorted ? (sorted === "ascending" ? "descending" : "ascending") : firstDirection(column);
    const hint =
      column === "page"
        ? next === "ascending"
          ? text("listings.table.sortTitleAsc")
          : text("listings.table.sortTitleDesc")
        : text(next === "ascending" ? "speed.pages.sortAscending" : "speed.pages.sortDescending");
    return (
      <th key={column} scope="col" aria-sort={sorted} title={title}>
        <a href={`${sortSearches[column]}#${EVERY_PAGE_ID}`} className="pages-table__sort sort-link">
          {label}
          {/* On the sorted column only: nine columns each a mark wider wrapped the rows' figures. */}
          {sorted && (
            <span className="sort-link__indicator" aria-hidden="true">
              {sorted === "ascending" ? "▲" : "▼"}
            </span>
          )}
          <span className="visually-hidden">{hint}</span>
        </a>
      </th>
    );
  };
  const count = (value: number) => value.toLocaleString(locale);
  return (
    // A wide table scrolls sideways inside its own region, which a keyboard must reach to scroll
    // (WCAG 2.1.1; axe's scrollable-region-focusable).
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is operated by keyboard: see above
    <section id={EVERY_PAGE_ID} className="pages-table" aria-labelledby={captionId} tabIndex={0}>
      <table className="data-table">
        <caption id={captionId}>{text("speed.pages.caption")}</caption>
        <thead>
          <tr>
            {header("page", text("speed.column.page"))}
            {header("views", text("speed.column.pageViews"))}
            <th scope="col">{text("speed.column.fullLoads")}</th>
            {header("inApp", text("speed.column.inApp"), text("speed.column.inApp.description"))}
            {VITAL_NAMES.map((name) => header(name, name, VITALS[name].label))}
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => (
            <tr key={page.pageName}>
              <th scope="row">
                {/* To the page's own section (its h2's id, PageSpeed): a page load, as sorting is. */}
                <a
                  href={`${pageSearches[page.pageName]}#page-${page.pageName}`}
                  aria-current={page.pageName === shownPage ? "true" : undefined}
                  className="pages-table__page"
                >
                  <PageTitle pageName={page.pageName} />
                </a>
              </th>
              <td>{count(page.pageViews)}</td>
              <td>{count(page.fullLoads)}</td>
              <td>
                {page.inAppNavigations === 0
                  ? text("speed.pages.noInApp")
                  : text("speed.pages.inApp", {
                      count: count(page.inAppNavigations),
                      duration: page.inAppDurationP75 === null ? "none" : formatDuration(page.inAppDurationP75, locale),
                      data: page.dataRequestP75 === null ? "none" : formatDuration(page.dataRequestP75, locale),
                    })}
              </td>
              {page.vitals.map((vital) => (
                <VitalCell key={vital.name} vital={vital} locale={locale} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A page as the dashboard names it: its label in the seller's language, then its code. A page the
 * hub does not know (a beacon may name any) has no label but its code, shown once.
 */
export function PageTitle({ pageName }: { pageName: string }) {
  const text = useText();
  const label = pageLabel(pageName, text);
  return (
    <>
      {label !== pageName && (
        <>
          <span className="pages-table__label">{label}</span>{" "}
        </>
      )}
      <code className={`pages-table__code${/[A-Z]/.test(pageName.slice(1)) ? "" : " pages-table__code--one-word"}`}>
        <PageCode name={pageName} />
      </code>
    </>
  );
}

/**
 * A page's code, free to break before each word of it ("sellerHub|BulkPrice|Choose"): unbroken, the
 * longest codes and "Needs improvement" in every vital's column pushed the table 76 px past its
 * 1280 px column (e2e/site-speed.spec.ts, figures of every shape).
 */
function PageCode({ name }: { name: string }) {
  const words = name.split(/(?=[A-Z])/);
  return words.map((word, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {word}
    </Fragment>
  ));
}

/**
 * One figure and its rating, and below them how many page views measured it: a percentile over
 * twelve page views is not one over twelve thousand, and INP (measured only where the seller
 * interacted) often has far fewer than the page's views. The shares and the change against the
 * period before are on the page's own table.
 */
function VitalCell({ vital, locale }: { vital: PageRow["vitals"][number]; locale: string }) {
  const text = useText();
  if (vital.p75 === null) return <td>{text("speed.notMeasured")}</td>;
  return (
    <td>
      <VitalFigure vital={vital.name} value={vital.p75} locale={locale} />{" "}
      <span className="pages-table__samples">{text("speed.pages.samples", { samples: vital.samples })}</span>
    </td>
  );
}
