import { DistributionChart } from "../distribution-chart/DistributionChart";
import { TrendChart } from "../trend-chart/TrendChart";
import { WebVitalsTable } from "../web-vitals-table/WebVitalsTable";
import { binLabels, bucketLabels, distributionSummary, trendSummary, vitalTitle } from "~/site-speed/report-labels";
import type { PageSummary, VitalSummary } from "~/site-speed/site-speed-report";
import { formatVital, VITALS, type VitalName } from "~/site-speed/vitals";

/** The vitals drawn as charts; FCP is in the table only, being a step on the way to LCP. */
const CHARTED_VITALS: ReadonlySet<VitalName> = new Set(["LCP", "INP", "CLS", "TTFB"]);

export interface PageSpeedProps {
  /** One page's figures from the site-speed report. */
  page: PageSummary;
  /** The trend's time buckets (an hour or a day), for their labels. */
  bucketMs: number;
  /** The seller's locale, for numbers and dates. */
  locale: string;
}

/** One page of the hub on the site-speed dashboard: its web vitals at a glance, then each one's trend and distribution. */
export function PageSpeed({ page, bucketMs, locale }: PageSpeedProps) {
  const headingId = `page-${page.pageName}`;
  return (
    <section className="page-speed" aria-labelledby={headingId}>
      <h2 id={headingId} className="page-speed__heading">
        <code>{page.pageName}</code>{" "}
        <span className="page-speed__views">· {page.pageViews.toLocaleString(locale)} page views</span>
      </h2>
      <WebVitalsTable
        caption={`Web vitals of ${page.pageName} at the 75th percentile`}
        rows={page.vitals.map((summary) => ({
          title: vitalTitle(summary.name),
          p75: summary.p75 === null ? null : formatVital(summary.name, summary.p75, locale),
          rating: summary.rating,
          percentages: summary.ratingPercentages,
          samples: summary.samples.toLocaleString(locale),
        }))}
      />
      {page.vitals
        .filter((summary) => CHARTED_VITALS.has(summary.name))
        .map((summary) => (
          <VitalCharts
            key={summary.name}
            pageName={page.pageName}
            summary={summary}
            bucketMs={bucketMs}
            locale={locale}
          />
        ))}
    </section>
  );
}

function VitalCharts({
  pageName,
  summary,
  bucketMs,
  locale,
}: {
  pageName: string;
  summary: VitalSummary;
  bucketMs: number;
  locale: string;
}) {
  const { name } = summary;
  return (
    // Not a landmark: each page has one section per vital, and a dozen regions named "LCP" would
    // say nothing in a landmark list (axe's landmark-unique); the heading gives the structure.
    <div className="vital-charts">
      <h3>{vitalTitle(name)}</h3>
      {summary.samples === 0 ? (
        <p className="empty-state">
          No page view of <code>{pageName}</code> measured {name} in this period.
          {name === "INP" && " INP needs a click, a tap or a key press on the page."}
        </p>
      ) : (
        <div className="vital-charts__pair">
          <TrendChart
            title={`${name} of ${pageName}: 75th percentile over time`}
            summary={trendSummary(name, summary.trend, bucketMs, locale)}
            points={summary.trend.map((point) => ({
              ...bucketLabels(point.start, bucketMs, locale),
              value: point.p75,
              samples: point.samples,
            }))}
            thresholds={VITALS[name].thresholds}
            formatValue={(value) => formatVital(name, value, locale)}
            valueHeading={`${name}, 75th percentile`}
            locale={locale}
          />
          <DistributionChart
            title={`${name} of ${pageName}: distribution of page views`}
            summary={distributionSummary(summary, locale)}
            bins={summary.histogram.map((bin) => ({
              ...binLabels(name, bin, locale),
              count: bin.count,
              rating: bin.rating,
            }))}
            rangeHeading={name}
            unit={VITALS[name].unit === "ms" ? "ms" : undefined}
            locale={locale}
          />
        </div>
      )}
    </div>
  );
}
