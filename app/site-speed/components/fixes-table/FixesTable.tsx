import { useText } from "~/i18n/text";
import { vitalTitle } from "~/site-speed/report-labels";
import type { FixSummary } from "~/site-speed/site-speed-report";
import { SpeedTable } from "../speed-table/SpeedTable";
import { VitalFigure } from "../vital-figure/VitalFigure";

export interface FixesTableProps {
  /** Furthest from good first. */
  fixes: FixSummary[];
  /** Formats numbers in the page's language's locale. */
  locale: string;
}

/**
 * What to fix: the elements that were the LCP and the targets of the INP, from web-vitals'
 * attribution, with the script that ran longest in an INP's interaction (Long Animation Frames).
 */
export function FixesTable({ fixes, locale }: FixesTableProps) {
  const text = useText();
  if (fixes.length === 0) return <p className="empty-state">{text("speed.fixes.none")}</p>;
  return (
    <SpeedTable caption={text("speed.fixes.caption")}>
      <thead>
        <tr>
          <th scope="col">{text("speed.column.element")}</th>
          <th scope="col">{text("speed.column.page")}</th>
          <th scope="col">{text("speed.column.vital")}</th>
          <th scope="col">{text("speed.column.p75")}</th>
          <th scope="col">{text("speed.column.pageViews")}</th>
          <th scope="col">{text("speed.column.script")}</th>
        </tr>
      </thead>
      <tbody>
        {fixes.map((fix) => (
          <tr key={`${fix.pageName} ${fix.vital} ${fix.element}`}>
            <th scope="row">
              <code>{fix.element}</code>
            </th>
            <td>
              <code>{fix.pageName}</code>
            </td>
            <td>{vitalTitle(fix.vital)}</td>
            <td>
              <VitalFigure vital={fix.vital} value={fix.p75} locale={locale} />
            </td>
            <td>{fix.pageViews.toLocaleString(locale)}</td>
            <td>{fix.script ? <code>{fix.script}</code> : text("speed.fixes.noScript", { vital: fix.vital })}</td>
          </tr>
        ))}
      </tbody>
    </SpeedTable>
  );
}
