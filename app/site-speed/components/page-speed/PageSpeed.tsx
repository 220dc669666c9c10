import { useText } from "~/i18n/text";
import { useSellerTimeZone } from "~/time/seller-time-zone";
import { richText } from "~/i18n/rich-text";
import { DistributionChart } from "../distribution-chart/DistributionChart";
import { ServerTimeTable } from "../server-time-table/ServerTimeTable";
import { TrendChart } from "../trend-chart/TrendChart";
import { VitalPartsTable } from "../vital-parts-table/VitalPartsTable";
import { WebVitalsTable } from "../web-vitals-table/WebVitalsTable";
import {
  binLabels,
  bucketLabels,
  changeSincePrevious,
  distributionSummary,
  trendSummary,
  vitalTitle,
} from "~/site-speed/report-labels";
import type {
  PageCharts,
  PageSummary,
  ReleaseSummary,
  VitalCharts,
  VitalSummary,
} from "~/site-speed/site-speed-report";
import { formatVital, VITALS, type VitalName } from "~/site-speed/vitals";

/** The vitals drawn as charts; FCP is in the table only, being a step on the way to LCP. */
const CHARTED_VITALS: ReadonlySet<VitalName> = new Set(["LCP", "INP", "CLS", "TTFB"]);

export interface PageSpeedProps {
  /** One page's figures from the site-speed report. */
  page: PageSummary;
  /** Its vitals' trends and distributions, which the report builds for the page shown alone. */
  charts: PageCharts;
  /** The trend's time buckets (an hour or a day), for their labels. */
  bucketMs: number;
  /** The page's language's locale, for numbers and dates. */
  locale: string;
  /** The period's releases: each trend marks the bucket where one began. */
  releases?: readonly ReleaseSummary[];
}

/** One page of the hub on the site-speed dashboard: its web vitals at a glance, then each one's trend and distribution. */
export function PageSpeed({ page, charts, bucketMs, locale, releases = [] }: PageSpeedProps) {
  const text = useText();
  const headingId = `page-${page.pageName}`;
  return (
    <section className="page-speed" aria-labelledby={headingId}>
      <h2 id={headingId} className="page-speed__heading">
        <code>{page.pageName}</code>{" "}
        <span className="page-speed__views">· {text("speed.page.views", { count: page.pageViews })}</span>
      </h2>
      <WebVitalsTable
        caption={text("speed.page.vitalsCaption", { page: page.pageName })}
        rows={page.vitals.map((summary) => ({
          title: vitalTitle(summary.name),
          p75: summary.p75 === null ? null : formatVital(summary.name, summary.p75, locale),
          rating: summary.rating,
          percentages: summary.ratingPercentages,
          samples: summary.samples.toLocaleString(locale),
          change:
            summary.p75 === null
              ? null
              : changeSincePrevious(summary.name, summary.p75, summary.previousP75, locale, text),
        }))}
      />
      <VitalPartsTable pageName={page.pageName} parts={page.vitalParts} locale={locale} />
      <ServerTimeTable pageName={page.pageName} server={page.server} locale={locale} />
      {page.vitals
        .filter((summary) => CHARTED_VITALS.has(summary.name))
        .map((summary) => (
          <ChartsOfVital
            key={summary.name}
            pageName={page.pageName}
            summary={summary}
            charts={charts.vitals[summary.name]}
            bucketMs={bucketMs}
            locale={locale}
            releases={releases}
          />
        ))}
    </section>
  );
}

function ChartsOfVital({
  pageName,
  summary,
  charts,
  bucketMs,
  locale,
  releases,
}: {
  pageName: string;
  summary: VitalSummary;
  charts: VitalCharts;
  bucketMs: number;
  locale: string;
  releases: readonly ReleaseSummary[];
}) {
  const { name } = summary;
  const text = useText();
  // The shell's zone, the one the report's days were cut in (the dashboard's loader reads the same).
  const timeZone = useSellerTimeZone();
  return (
    // Not a landmark: each page has one section per vital, and a dozen regions named "LCP" would
    // say nothing in a landmark list (axe's landmark-unique); the heading gives the structure.
    <div className="vital-charts">
      <h3>{vitalTitle(name)}</h3>
      {summary.samples === 0 ? (
        <p className="empty-state">
          {richText(text("speed.page.notMeasured", { page: pageName, vital: name }), { page: <code /> })}
          {name === "INP" && ` ${text("speed.page.inpNeedsInput")}`}
        </p>
      ) : (
        <div className="vital-charts__pair">
          <TrendChart
            title={text("speed.chart.trendTitle", { vital: name, page: pageName })}
            summary={trendSummary(name, charts.trend, bucketMs, locale, text, timeZone)}
            points={charts.trend.map((point, index) => ({
              ...bucketLabels(point.start, bucketMs, locale, text, timeZone),
              value: point.p75,
              samples: point.samples,
              releases: releasesBegun(releases, point.start, charts.trend[index + 1]?.start),
            }))}
            thresholds={VITALS[name].thresholds}
            formatValue={(value) => formatVital(name, value, locale)}
            valueHeading={text("speed.chart.trendValue", { vital: name })}
            locale={locale}
          />
          <DistributionChart
            title={text("speed.chart.distributionTitle", { vital: name, page: pageName })}
            summary={distributionSummary(summary, text)}
            bins={charts.histogram.map((bin) => ({
              ...binLabels(name, bin, locale, text),
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

/** The releases whose first page view fell in a bucket: from its start to the next's (the last bucket's, to the period's end). */
function releasesBegun(releases: readonly ReleaseSummary[], start: number, next: number | undefined): string[] {
  return releases
    .filter(({ firstSeen }) => firstSeen >= start && (next === undefined || firstSeen < next))
    .map(({ release }) => release);
}
