import { Form } from "react-router";
import { FilterSelect } from "~/components/filter-select/FilterSelect";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { refusal } from "~/http/refusal";
import { CONNECTION_TYPES } from "~/site-speed/beacon-rules";
import { FixesTable } from "~/site-speed/components/fixes-table/FixesTable";
import { PageSpeed } from "~/site-speed/components/page-speed/PageSpeed";
import { PagesTable } from "~/site-speed/components/pages-table/PagesTable";
import { ScriptErrorsTable } from "~/site-speed/components/script-errors-table/ScriptErrorsTable";
import { TrackingTable } from "~/site-speed/components/tracking-table/TrackingTable";
import { columnSortSearches, readDashboardQuery, sortPages } from "~/site-speed/dashboard-query";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import { REPORT_PERIODS } from "~/site-speed/report-periods";
import { CONNECTION_LABELS, DEVICE_CLASSES, DEVICE_LABELS } from "~/site-speed/report-segments";
import { MAX_REPORTED_BEACONS } from "~/site-speed/site-speed-report";
import { buildSiteSpeedReport } from "~/site-speed/site-speed-report.server";
import type { Route } from "./+types/site-speed";

export const handle: PageHandle = { pageName: "sellerHubSiteSpeed", title: "nav.siteSpeed" };

/** A seller sees the beacons of their own visits to the hub, nobody else's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { seller } = getSignedInSeller(context);
  const query = readDashboardQuery(new URL(request.url).searchParams);
  if ("refusal" in query) throw refusal(400, query.refusal);
  const report = await buildSiteSpeedReport(context.get(databaseContext).db, seller.id, query.period, query.segment);
  return {
    report: { ...report, pages: sortPages(report.pages, query.order, query.direction) },
    period: query.period.key,
    periodLabel: query.period.label,
    order: query.order,
    direction: query.direction,
    sortSearches: columnSortSearches(query),
    locale: seller.locale,
  };
}

export default function SiteSpeed({
  loaderData: { report, period, periodLabel, order, direction, sortSearches, locale },
}: Route.ComponentProps) {
  return (
    <>
      <p className="site-speed__intro">
        How fast Seller Hub's pages were for you, measured in your browser as you used them: each page you opened and
        each page you reached by a link inside the hub. Each web vital is judged at its 75th percentile: three page
        views in four were at least that fast.
      </p>
      <Form method="get" className="site-speed__filter">
        <FilterSelect
          id="period"
          name="period"
          label="Period"
          value={period}
          options={REPORT_PERIODS.map((option) => [option.key, option.label])}
        />
        <FilterSelect
          id="device"
          name="device"
          label="Device"
          value={report.segment.device ?? ""}
          options={[["", "All devices"], ...DEVICE_CLASSES.map((device) => [device, DEVICE_LABELS[device]] as const)]}
        />
        <FilterSelect
          id="connection"
          name="connection"
          label="Connection"
          value={report.segment.connection ?? ""}
          options={[
            ["", "All connections"],
            ...CONNECTION_TYPES.map((connection) => [connection, CONNECTION_LABELS[connection]] as const),
          ]}
        />
        <input type="hidden" name="sort" value={order} />
        <input type="hidden" name="direction" value={direction} />
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      {report.pageViews === 0 ? (
        <p className="empty-state">
          No page views were measured in the {periodLabel.toLowerCase()}
          {report.segment.device || report.segment.connection ? " on the chosen devices and connections" : ""}.
          Measurements arrive when you leave a Seller Hub page; use the hub for a while, then come back.
        </p>
      ) : (
        <>
          <p>
            {report.pageViews.toLocaleString(locale)} page views in the {periodLabel.toLowerCase()}, across{" "}
            {report.pages.length.toLocaleString(locale)} {report.pages.length === 1 ? "page" : "pages"}, compared with
            the {periodLabel.toLowerCase().replace(/^last /, "")} before. Times are in UTC.
            {report.truncated &&
              ` Only the latest ${MAX_REPORTED_BEACONS.toLocaleString(locale)} measurements are shown.`}
          </p>
          <section aria-labelledby="every-page">
            <h2 id="every-page">Every page</h2>
            <PagesTable
              pages={report.pages}
              locale={locale}
              order={order}
              direction={direction}
              sortSearches={sortSearches}
            />
          </section>
          <section aria-labelledby="what-to-fix">
            <h2 id="what-to-fix">What to fix</h2>
            <FixesTable fixes={report.fixes} locale={locale} />
          </section>
          {report.pages.map((page) => (
            <PageSpeed key={page.pageName} page={page} bucketMs={report.bucketMs} locale={locale} />
          ))}
          <section aria-labelledby="script-errors">
            <h2 id="script-errors">Most frequent script errors</h2>
            <ScriptErrorsTable errors={report.scriptErrors} locale={locale} />
          </section>
        </>
      )}
      <section aria-labelledby="tracking">
        <h2 id="tracking">Tracking</h2>
        <p>
          What sellers did on each page, as the pages' tracking recorded it; counted on every device and connection.
        </p>
        <TrackingTable tracking={report.tracking} locale={locale} />
      </section>
    </>
  );
}
