import { Form, href } from "react-router";
import { formattingLocaleOf, textOf } from "~/i18n/language.server";
import { richText } from "~/i18n/rich-text";
import { useText } from "~/i18n/text";
import { FilterSelect } from "~/components/filter-select/FilterSelect";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { pageUrl } from "~/http/page-url";
import { refusal } from "~/http/refusal";
import { CONNECTION_TYPES } from "~/site-speed/beacon-rules";
import { FixesTable } from "~/site-speed/components/fixes-table/FixesTable";
import { PageSpeed } from "~/site-speed/components/page-speed/PageSpeed";
import { PagesTable } from "~/site-speed/components/pages-table/PagesTable";
import { RegressionsTable } from "~/site-speed/components/regressions-table/RegressionsTable";
import { ReleaseComparison } from "~/site-speed/components/release-comparison/ReleaseComparison";
import { ScriptErrorsTable } from "~/site-speed/components/script-errors-table/ScriptErrorsTable";
import { TrackingTable } from "~/site-speed/components/tracking-table/TrackingTable";
import {
  columnSortSearches,
  pageChoiceSearches,
  readDashboardQuery,
  unmeasuredRelease,
} from "~/site-speed/dashboard-query";
import { databaseContext, languageContext } from "~/request-context";
import { timeZoneLabel } from "~/time/time-zone.server";
import { timeZoneOfMember } from "~/time/time-zones";
import type { PageHandle } from "~/shell/page-handle";
import { REPORT_PERIODS } from "~/site-speed/report-periods";
import { CONNECTION_LABELS, DEVICE_CLASSES, DEVICE_LABELS } from "~/site-speed/report-segments";
import { dashboardReport } from "~/site-speed/site-speed-report.server";
import { pageRowOf } from "~/site-speed/site-speed-report";
import type { PageExportFormat } from "~/site-speed/pages-export.server";
import type { Route } from "./+types/site-speed";

export const handle: PageHandle = { pageName: "sellerHubSiteSpeed", title: "nav.siteSpeed", wide: true };

/** A seller sees the beacons of their own visits to the hub, nobody else's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { seller, member } = getSignedInSeller(context);
  const query = readDashboardQuery(new URL(request.url).searchParams);
  if ("refusal" in query) throw refusal(400, query.refusal);
  const timeZone = timeZoneOfMember(member, seller);
  const report = await dashboardReport(context.get(databaseContext), seller.id, timeZone, query, textOf(context));
  const unmeasured = unmeasuredRelease(query.releases, report.releases, textOf(context));
  if (unmeasured !== null) throw refusal(400, unmeasured);
  const { charts, ...figures } = report;
  const shown = report.pages.find(({ pageName }) => pageName === query.page);
  return {
    report: { ...figures, pages: report.pages.map(pageRowOf) },
    shown: shown && charts ? { page: shown, charts } : null,
    period: query.period.key,
    order: query.order,
    direction: query.direction,
    sortSearches: columnSortSearches(query),
    pageSearches: pageChoiceSearches(
      query,
      report.pages.map(({ pageName }) => pageName),
    ),
    shownPage: query.page ?? null,
    exportLinks: exportLinksOf(pageUrl(request).searchParams),
    locale: formattingLocaleOf(context),
    timeZoneName: timeZoneLabel(timeZone, context.get(languageContext)),
  };
}

/**
 * The pages table as a file, for the period, segment and order the dashboard shows. Not the
 * releases compared nor the page shown: the file holds neither.
 */
function exportLinksOf(search: URLSearchParams): Record<PageExportFormat, string> {
  const linkTo = (format: PageExportFormat) => {
    const query = new URLSearchParams(search);
    query.delete("release");
    query.delete("against");
    query.delete("page");
    query.set("format", format);
    return `${href("/sh/perf/pages")}?${query}`;
  };
  return { csv: linkTo("csv"), json: linkTo("json") };
}

export default function SiteSpeed({
  loaderData: {
    report,
    shown,
    period,
    order,
    direction,
    sortSearches,
    pageSearches,
    shownPage,
    exportLinks,
    locale,
    timeZoneName,
  },
}: Route.ComponentProps) {
  const text = useText();
  const chosenSegment = report.segment.device || report.segment.connection ? "chosen" : "all";
  return (
    <>
      <p className="site-speed__intro">{text("speed.intro")}</p>
      <Form method="get" className="site-speed__filter">
        <FilterSelect
          id="period"
          name="period"
          label={text("speed.filter.period")}
          value={period}
          options={REPORT_PERIODS.map((option) => [option.key, text(option.label)])}
        />
        <FilterSelect
          id="device"
          name="device"
          label={text("speed.filter.device")}
          value={report.segment.device ?? ""}
          options={[
            ["", text("speed.filter.allDevices")],
            ...DEVICE_CLASSES.map((device) => [device, text(DEVICE_LABELS[device])] as const),
          ]}
        />
        <FilterSelect
          id="connection"
          name="connection"
          label={text("speed.filter.connection")}
          value={report.segment.connection ?? ""}
          options={[
            ["", text("speed.filter.allConnections")],
            ...CONNECTION_TYPES.map((connection) => [connection, text(CONNECTION_LABELS[connection])] as const),
          ]}
        />
        <input type="hidden" name="sort" value={order} />
        <input type="hidden" name="direction" value={direction} />
        {shownPage && <input type="hidden" name="page" value={shownPage} />}
        <button type="submit" className="button">
          {text("speed.filter.show")}
        </button>
      </Form>
      {/* Before every figure, the regressions' too: during a backlog none counts it, not even "no page views". */}
      {report.stillSumming && <p>{text("speed.stillSumming")}</p>}
      {/* First: the week's regressions, whatever period is shown. */}
      <RegressionsTable regressions={report.regressions} locale={locale} />
      {report.pageViews === 0 ? (
        <p className="empty-state">{text("speed.empty", { period, segment: chosenSegment })}</p>
      ) : (
        <>
          <p>
            {text("speed.summary", { views: report.pageViews, period, pages: report.pages.length, zone: timeZoneName })}{" "}
            {text("speed.summed")}
          </p>
          <section aria-labelledby="every-page">
            <h2 id="every-page">{text("speed.everyPage")}</h2>
            <PagesTable
              pages={report.pages}
              locale={locale}
              order={order}
              direction={direction}
              sortSearches={sortSearches}
              pageSearches={pageSearches}
              shownPage={shownPage ?? undefined}
            />
            {!shownPage && <p>{text("speed.pages.choose")}</p>}
            {/* Plain links: the files are the server's answers (Content-Disposition), not pages. */}
            <p className="site-speed__export">
              <a href={exportLinks.csv}>{text("speed.export.csv")}</a>
              <a href={exportLinks.json}>{text("speed.export.json")}</a>
            </p>
          </section>
          <ReleaseComparison
            releases={report.releases}
            comparison={report.releaseComparison}
            keep={{
              period,
              ...(report.segment.device && { device: report.segment.device }),
              ...(report.segment.connection && { connection: report.segment.connection }),
              sort: order,
              direction,
              ...(shownPage && { page: shownPage }),
            }}
            locale={locale}
          />
          <section aria-labelledby="what-to-fix">
            <h2 id="what-to-fix">{text("speed.whatToFix")}</h2>
            <FixesTable fixes={report.fixes} locale={locale} />
          </section>
          {shown ? (
            <PageSpeed {...shown} bucketMs={report.bucketMs} locale={locale} releases={report.releases} />
          ) : (
            shownPage && (
              <section aria-labelledby={`page-${shownPage}`}>
                <h2 id={`page-${shownPage}`}>
                  <code>{shownPage}</code>
                </h2>
                <p className="empty-state">
                  {richText(text("speed.page.noneInPeriod", { page: shownPage, segment: chosenSegment }), {
                    page: <code />,
                  })}
                </p>
              </section>
            )
          )}
          <section aria-labelledby="script-errors">
            <h2 id="script-errors">{text("speed.scriptErrors")}</h2>
            <ScriptErrorsTable errors={report.scriptErrors} locale={locale} />
          </section>
        </>
      )}
      <section aria-labelledby="tracking">
        <h2 id="tracking">{text("speed.tracking")}</h2>
        <p>{text("speed.tracking.intro")}</p>
        <TrackingTable tracking={report.tracking} locale={locale} />
      </section>
    </>
  );
}
