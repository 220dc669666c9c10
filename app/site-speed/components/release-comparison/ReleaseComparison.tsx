import { Form } from "react-router";
import { FilterSelect } from "~/components/filter-select/FilterSelect";
import { useText } from "~/i18n/text";
import { vitalTitle } from "~/site-speed/report-labels";
import type { ReleaseComparison as Comparison, ReleaseSummary } from "~/site-speed/site-speed-report";
import { formatChange } from "~/site-speed/vitals";
import { useSellerTimeZone } from "~/time/seller-time-zone";
import { formatTime } from "~/time/time-zones";
import { PageTitle } from "../pages-table/PagesTable";
import { SpeedTable } from "../speed-table/SpeedTable";
import { VitalFigure } from "../vital-figure/VitalFigure";

export interface ReleaseComparisonProps {
  /** The period's releases, the first to begin first. */
  releases: readonly ReleaseSummary[];
  /** The two set side by side; null with fewer than two releases. */
  comparison: Comparison | null;
  /** The dashboard's other choices, kept when another pair is compared (period, segment, order). */
  keep: Readonly<Record<string, string>>;
  locale: string;
}

/**
 * The hub's releases in the period, and one set against another: each page's vitals at their
 * 75th percentile under both, and how much they changed. A GET form chooses the pair, so it works
 * without JavaScript; the newest against the one before it by default.
 */
export function ReleaseComparison({ releases, comparison, keep, locale }: ReleaseComparisonProps) {
  const text = useText();
  const timeZone = useSellerTimeZone();
  if (releases.length === 0) return null;
  const newestFirst = releases.toReversed();
  const options = newestFirst.map(
    ({ release, firstSeen }) =>
      [release, text("speed.releases.option", { release, time: formatTime(firstSeen, locale, timeZone) })] as const,
  );
  return (
    <section aria-labelledby="releases" className="releases">
      <h2 id="releases">{text("speed.releases.heading")}</h2>
      <p>{text("speed.releases.intro", { count: releases.length })}</p>
      {comparison && (
        <>
          <Form method="get" className="site-speed__filter">
            {Object.entries(keep).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <FilterSelect
              id="release"
              name="release"
              label={text("speed.releases.release")}
              value={comparison.release}
              options={options}
            />
            <FilterSelect
              id="against"
              name="against"
              label={text("speed.releases.against")}
              value={comparison.against}
              options={options}
            />
            <button type="submit" className="button">
              {text("speed.releases.compare")}
            </button>
          </Form>
          <ComparisonTable comparison={comparison} locale={locale} />
        </>
      )}
    </section>
  );
}

function ComparisonTable({ comparison, locale }: { comparison: Comparison; locale: string }) {
  const text = useText();
  const { release, against } = comparison;
  if (comparison.pages.length === 0) return <p className="empty-state">{text("speed.releases.none")}</p>;
  const count = (value: number) => value.toLocaleString(locale);
  return (
    <SpeedTable caption={text("speed.releases.caption", { release, against })}>
      <thead>
        <tr>
          <th scope="col">{text("speed.column.page")}</th>
          <th scope="col">{text("speed.column.vital")}</th>
          <th scope="col">{text("speed.releases.p75", { release })}</th>
          <th scope="col">{text("speed.releases.p75", { release: against })}</th>
          <th scope="col" className="data-table__number">
            {text("speed.releases.change")}
          </th>
          <th scope="col" className="data-table__number">
            {text("speed.releases.pageViews", { release })}
          </th>
          <th scope="col" className="data-table__number">
            {text("speed.releases.pageViews", { release: against })}
          </th>
        </tr>
      </thead>
      <tbody>
        {comparison.pages.flatMap((page) =>
          page.vitals.map((vital) => (
            <tr key={`${page.pageName} ${vital.name}`}>
              <th scope="row">
                <PageTitle pageName={page.pageName} />
              </th>
              <td>{vitalTitle(vital.name)}</td>
              <td>
                <VitalFigure vital={vital.name} value={vital.p75} locale={locale} />
              </td>
              <td>
                <VitalFigure vital={vital.name} value={vital.againstP75} locale={locale} />
              </td>
              <td className="data-table__number">{formatChange(vital.name, vital.p75, vital.againstP75, locale)}</td>
              <td className="data-table__number">{count(vital.samples)}</td>
              <td className="data-table__number">{count(vital.againstSamples)}</td>
            </tr>
          )),
        )}
      </tbody>
    </SpeedTable>
  );
}
