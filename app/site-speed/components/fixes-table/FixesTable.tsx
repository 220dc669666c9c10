import { useText } from "~/i18n/text";
import { vitalTitle } from "~/site-speed/report-labels";
import type { FixSummary } from "~/site-speed/site-speed-report";
import { formatVital, rate, RATING_LABELS } from "~/site-speed/vitals";
import { SpeedTable } from "../speed-table/SpeedTable";

export interface FixesTableProps {
  /** Furthest from good first. */
  fixes: FixSummary[];
  /** Formats numbers in the seller's locale. */
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
        {fixes.map((fix) => {
          const rating = rate(fix.vital, fix.p75);
          return (
            <tr key={`${fix.pageName} ${fix.vital} ${fix.element}`}>
              <th scope="row">
                <code>{fix.element}</code>
              </th>
              <td>
                <code>{fix.pageName}</code>
              </td>
              <td>{vitalTitle(fix.vital)}</td>
              <td>
                {formatVital(fix.vital, fix.p75, locale)}{" "}
                <span className={`rating rating--${rating}`}>{text(RATING_LABELS[rating])}</span>
              </td>
              <td>{fix.pageViews.toLocaleString(locale)}</td>
              <td>{fix.script ? <code>{fix.script}</code> : text("speed.fixes.noScript", { vital: fix.vital })}</td>
            </tr>
          );
        })}
      </tbody>
    </SpeedTable>
  );
}
