import { useText } from "~/i18n/text";
import { INP_PHASES, LCP_PARTS } from "~/site-speed/beacon-rules";
import type { PageSummary, PartsSummary } from "~/site-speed/site-speed-report";
import { formatDuration } from "~/site-speed/vitals";
import { SpeedTable } from "../speed-table/SpeedTable";

export interface VitalPartsTableProps {
  /** The page's name, for the caption. */
  pageName: string;
  parts: PageSummary["vitalParts"];
  locale: string;
}

interface PartRow {
  key: string;
  label: string;
  value: number | undefined;
  samples: number;
}

/**
 * What a page's LCP and INP were made of: LCP's four parts (time to first byte, the resource's
 * load delay and load time, the render delay) and INP's three phases (input delay, processing,
 * presentation), each at its own 75th percentile, with how many page views told them. Nothing
 * when no page view of the period did (the browser reports them with web-vitals' attribution).
 */
export function VitalPartsTable({ pageName, parts, locale }: VitalPartsTableProps) {
  const text = useText();
  const rowsOf = <Part extends string>(
    summary: PartsSummary<Part> | null,
    names: readonly Part[],
    label: (part: Part) => string,
  ): PartRow[] =>
    summary
      ? names.map((part) => ({ key: part, label: label(part), value: summary.p75[part], samples: summary.samples }))
      : [];
  const rows = [
    ...rowsOf(parts.LCP, LCP_PARTS, (part) => text("speed.parts.lcp", { part })),
    ...rowsOf(parts.INP, INP_PHASES, (part) => text("speed.parts.inp", { part })),
  ];
  if (rows.length === 0) return null;
  return (
    <SpeedTable caption={text("speed.parts.caption", { page: pageName })}>
      <thead>
        <tr>
          <th scope="col">{text("speed.parts.column.part")}</th>
          <th scope="col" className="data-table__number">
            {text("speed.column.p75")}
          </th>
          <th scope="col" className="data-table__number">
            {text("speed.column.measured")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td className="data-table__number">
              {row.value === undefined ? text("speed.notMeasured") : formatDuration(row.value, locale)}
            </td>
            <td className="data-table__number">{row.samples.toLocaleString(locale)}</td>
          </tr>
        ))}
      </tbody>
    </SpeedTable>
  );
}
