import { useText } from "~/i18n/text";
import { SpeedTable } from "../speed-table/SpeedTable";

export interface ReportedScriptError {
  message: string;
  /** Script path; empty for unhandled rejections, whose events say nothing of where. */
  source: string;
  line: number;
  column: number;
  /** The page shown when it happened. */
  pageName: string;
  occurrences: number;
  /** Page views in which it happened at least once. */
  pageViews: number;
}

export interface ScriptErrorsTableProps {
  /** Most frequent first. */
  errors: ReportedScriptError[];
  /** Formats counts in the page's language's locale. */
  locale: string;
}

/** The page script errors the beacons collected, most frequent first; says so when there were none. */
export function ScriptErrorsTable({ errors, locale }: ScriptErrorsTableProps) {
  const text = useText();
  if (errors.length === 0) return <p className="empty-state">{text("speed.errors.none")}</p>;
  return (
    <SpeedTable caption={text("speed.errors.caption")}>
      <thead>
        <tr>
          <th scope="col">{text("speed.column.error")}</th>
          <th scope="col">{text("speed.column.where")}</th>
          <th scope="col">{text("speed.column.page")}</th>
          <th scope="col">{text("speed.column.occurrences")}</th>
          <th scope="col">{text("speed.column.pageViews")}</th>
        </tr>
      </thead>
      <tbody>
        {errors.map((error) => (
          <tr key={`${error.message} ${error.source} ${error.line} ${error.column} ${error.pageName}`}>
            <th scope="row">{error.message}</th>
            <td>
              {error.source ? (
                <code className="script-errors-table__source">{`${error.source}:${error.line}:${error.column}`}</code>
              ) : (
                text("speed.errors.unknownSource")
              )}
            </td>
            <td>
              <code>{error.pageName}</code>
            </td>
            <td>{error.occurrences.toLocaleString(locale)}</td>
            <td>{error.pageViews.toLocaleString(locale)}</td>
          </tr>
        ))}
      </tbody>
    </SpeedTable>
  );
}
