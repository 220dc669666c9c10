import { TableScroll } from "../../../components/table-scroll/TableScroll";

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
  /** Formats counts in the seller's locale. */
  locale: string;
}

/** The page script errors the beacons collected, most frequent first; says so when there were none. */
export function ScriptErrorsTable({ errors, locale }: ScriptErrorsTableProps) {
  if (errors.length === 0) return <p className="empty-state">No script errors were reported in this period.</p>;
  return (
    <TableScroll label="Table: script errors">
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">Error</th>
            <th scope="col">Where</th>
            <th scope="col">Page</th>
            <th scope="col">Occurrences</th>
            <th scope="col">Page views</th>
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
                  "Not known"
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
      </table>
    </TableScroll>
  );
}
