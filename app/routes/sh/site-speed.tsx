import { Form } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { refusal } from "~/http/refusal";
import { PageSpeed } from "~/site-speed/components/page-speed/PageSpeed";
import { ScriptErrorsTable } from "~/site-speed/components/script-errors-table/ScriptErrorsTable";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import { findReportPeriod, REPORT_PERIODS } from "~/site-speed/report-periods";
import { MAX_REPORTED_BEACONS } from "~/site-speed/site-speed-report";
import { buildSiteSpeedReport } from "~/site-speed/site-speed-report.server";
import type { Route } from "./+types/site-speed";

export const handle: PageHandle = { pageName: "sellerHubSiteSpeed", title: "Site speed" };

export function meta() {
  return [{ title: "Site speed · Seller Hub" }];
}

/** A seller sees the beacons of their own visits to the hub, nobody else's. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { seller } = getSignedInSeller(context);
  const period = findReportPeriod(new URL(request.url).searchParams.get("period"));
  if (!period) {
    throw refusal(400, `Choose a period of ${REPORT_PERIODS.map((known) => known.key).join(", ")}.`);
  }
  const report = await buildSiteSpeedReport(context.get(databaseContext).db, seller.id, period);
  return { report, period: period.key, periodLabel: period.label, locale: seller.locale };
}

export default function SiteSpeed({ loaderData: { report, period, periodLabel, locale } }: Route.ComponentProps) {
  return (
    <>
      <p className="site-speed__intro">
        How fast Seller Hub's pages were for you, measured in your browser as you used them. Each web vital is judged at its 75th
        percentile: three page views in four were at least that fast.
      </p>
      <Form method="get" className="site-speed__filter">
        <label htmlFor="period">Period</label>
        <select id="period" name="period" defaultValue={period}>
          {REPORT_PERIODS.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      {report.pageViews === 0 ? (
        <p className="empty-state">
          No page views were measured in the {periodLabel.toLowerCase()}. Measurements arrive when you leave or hide a Seller Hub page;
          use the hub for a while, then come back.
        </p>
      ) : (
        <>
          <p>
            {report.pageViews.toLocaleString(locale)} page views in the {periodLabel.toLowerCase()}, across {report.pages.length.toLocaleString(locale)}{" "}
            {report.pages.length === 1 ? "page" : "pages"}. Times are in UTC.
            {report.truncated && ` Only the latest ${MAX_REPORTED_BEACONS.toLocaleString(locale)} measurements are shown.`}
          </p>
          {report.pages.map((page) => (
            <PageSpeed key={page.pageName} page={page} bucketMs={report.bucketMs} locale={locale} />
          ))}
          <section aria-labelledby="script-errors">
            <h2 id="script-errors">Most frequent script errors</h2>
            <ScriptErrorsTable errors={report.scriptErrors} locale={locale} />
          </section>
        </>
      )}
    </>
  );
}
