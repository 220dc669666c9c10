import { useText } from "~/i18n/text";
import {
  MIN_REGRESSION_SAMPLES,
  MIN_RELATIVE_WORSENING,
  MIN_WORSENING_OF_GOOD,
  type SpeedRegression,
} from "~/site-speed/regressions";
import { MAX_REPORTED_BEACONS } from "~/site-speed/site-speed-report";
import { vitalTitle } from "~/site-speed/report-labels";
import { formatVital, rate, RATING_LABELS } from "~/site-speed/vitals";
import { PageTitle } from "../pages-table/PagesTable";
import { SpeedTable } from "../speed-table/SpeedTable";

export interface RegressionsTableProps {
  /** The most worsened first. */
  regressions: SpeedRegression[];
  /** A week held more beacons than a report reads, and was judged from an even sample of them. */
  sampled: boolean;
  locale: string;
}

/**
 * The pages that got slower this week than the week before (`findRegressions`), first on the
 * dashboard: each page's vital at both weeks' 75th percentile, how much slower, and over how
 * many page views. Nothing when no page got slower.
 */
export function RegressionsTable({ regressions, sampled, locale }: RegressionsTableProps) {
  const text = useText();
  if (regressions.length === 0) return null;
  const count = (value: number) => value.toLocaleString(locale);
  const figure = (regression: SpeedRegression, value: number) => {
    const rating = rate(regression.vital, value);
    return (
      <>
        {formatVital(regression.vital, value, locale)}{" "}
        <span className={`rating rating--${rating}`}>{text(RATING_LABELS[rating])}</span>
      </>
    );
  };
  return (
    <section aria-labelledby="slower-this-week" className="regressions">
      <h2 id="slower-this-week">{text("speed.regressions.heading")}</h2>
      <p>
        {text("speed.regressions.intro", {
          relative: percent(MIN_RELATIVE_WORSENING, locale),
          ofGood: percent(MIN_WORSENING_OF_GOOD, locale),
          samples: MIN_REGRESSION_SAMPLES,
        })}
        {sampled && ` ${text("speed.regressions.sampled", { count: MAX_REPORTED_BEACONS })}`}
      </p>
      <SpeedTable caption={text("speed.regressions.caption")}>
        <thead>
          <tr>
            <th scope="col">{text("speed.column.page")}</th>
            <th scope="col">{text("speed.column.vital")}</th>
            <th scope="col">{text("speed.regressions.weekBefore")}</th>
            <th scope="col">{text("speed.regressions.thisWeek")}</th>
            <th scope="col" className="data-table__number">
              {text("speed.regressions.slowerBy")}
            </th>
            <th scope="col" className="data-table__number">
              {text("speed.regressions.pageViews")}
            </th>
            <th scope="col" className="data-table__number">
              {text("speed.regressions.previousPageViews")}
            </th>
          </tr>
        </thead>
        <tbody>
          {regressions.map((regression) => (
            <tr key={`${regression.pageName} ${regression.vital}`}>
              <th scope="row">
                <PageTitle pageName={regression.pageName} />
              </th>
              <td>{vitalTitle(regression.vital)}</td>
              <td>{figure(regression, regression.previousP75)}</td>
              <td>{figure(regression, regression.p75)}</td>
              <td className="data-table__number">{slowerBy(regression, locale)}</td>
              <td className="data-table__number">{count(regression.samples)}</td>
              <td className="data-table__number">{count(regression.previousSamples)}</td>
            </tr>
          ))}
        </tbody>
      </SpeedTable>
    </section>
  );
}

const percent = (share: number, locale: string) => share.toLocaleString(locale, { style: "percent" });

/** "+67%", or the difference itself where the week before's was 0 (a CLS): no share of nothing. */
function slowerBy({ vital, previousP75, p75 }: SpeedRegression, locale: string): string {
  if (previousP75 === 0) return `+${formatVital(vital, p75, locale)}`;
  return (p75 / previousP75 - 1).toLocaleString(locale, { style: "percent", signDisplay: "always" });
}
