import { useText } from "~/i18n/text";
import type { PageSummary, ServerTimeSummary, ServerTimingPart } from "~/site-speed/site-speed-report";
import { formatDuration } from "~/site-speed/vitals";
import { SpeedTable } from "../speed-table/SpeedTable";

export interface ServerTimeTableProps {
  /** The page's name, for the caption. */
  pageName: string;
  server: PageSummary["server"];
  locale: string;
}

/** The columns, in the order a request spends its time: the loaders (or a form's action) query the database, then the page renders. */
const PARTS: readonly ServerTimingPart[] = ["db", "loaders", "action", "render", "total"];

/**
 * Where the server's time went for one page: a row for its full loads (the document) and one for
 * its in-app navigations (their data request), each part at its own 75th percentile, from the
 * `Server-Timing` the beacon carried. Nothing when no page view of the period said.
 */
export function ServerTimeTable({ pageName, server, locale }: ServerTimeTableProps) {
  const text = useText();
  const rows = [
    { kind: "fullLoads", summary: server.fullLoads },
    { kind: "inApp", summary: server.inApp },
  ] as const;
  if (!server.fullLoads && !server.inApp) return null;
  // A column no row measured (a form's action, on a page of reading) says nothing: it is left out.
  const parts = PARTS.filter((part) => rows.some(({ summary }) => summary?.p75[part] !== undefined));
  const cell = (summary: ServerTimeSummary | null, part: ServerTimingPart) => {
    const value = summary?.p75[part];
    return value === undefined ? text("speed.server.none") : formatDuration(value, locale);
  };
  const caption = text("speed.server.caption", { page: pageName });
  return (
    <SpeedTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">{text("speed.server.column.kind")}</th>
          {parts.map((part) => (
            <th key={part} scope="col" className="data-table__number">
              {text("speed.server.part", { part })}
            </th>
          ))}
          <th scope="col" className="data-table__number">
            {text("speed.column.measured")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ kind, summary }) => (
          <tr key={kind}>
            <th scope="row">{text("speed.server.kind", { kind })}</th>
            {parts.map((part) => (
              <td key={part} className="data-table__number">
                {cell(summary, part)}
              </td>
            ))}
            <td className="data-table__number">{(summary?.samples ?? 0).toLocaleString(locale)}</td>
          </tr>
        ))}
      </tbody>
    </SpeedTable>
  );
}
