import { useText } from "~/i18n/text";
import {
  MIN_REGRESSION_SAMPLES,
  MIN_RELATIVE_WORSENING,
  MIN_WORSENING_OF_GOOD,
  type SpeedRegression,
} from "~/site-speed/regressions";
import { vitalTitle } from "~/site-speed/report-labels";
import { formatChange } from "~/site-speed/vitals";
import { PageTitle } from "../pages-table/PagesTable";
import { SpeedTable } from "../speed-table/SpeedTable";
import { VitalFigure } from "../vital-figure/VitalFigure";

export interface RegressionsTableProps {
  /** The most worsened first. */
  regressions: SpeedRegression[];
  locale: string;
}

/**
 * The pages that got slower this week than the week before (`findRegressions`), first on the
 * dashboard: each page's vital at both weeks' 75th percentile, how much slower, and over how
 * many page views. Nothing when no page got slower.
 */
export function RegressionsTable({ regressions, locale }: RegressionsTableProps) {
  const text = useText();
  if (regressions.length === 0) return null;
  const count = (value: number) => value.toLocaleString(locale);
  return (
    <section aria-labelledby="slower-this-week" className="regressions">
      <h2 id="slower-this-week">{text("speed.regressions.heading")}</h2>
      <p>
        {text("speed.regressions.intro", {
          relative: percent(MIN_RELATIVE_WORSENING, locale),
          ofGood: percent(MIN_WORSENING_OF_GOOD, locale),
          samples: MIN_REGRESSION_SAMPLES,
        })}
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
              <td>
                <VitalFigure vital={regression.vital} value={regression.previousP75} locale={locale} />
              </td>
              <td>
                <VitalFigure vital={regression.vital} value={regression.p75} locale={locale} />
              </td>
              <td className="data-table__number">
                {formatChange(regression.vital, regression.p75, regression.previousP75, locale)}
              </td>
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
