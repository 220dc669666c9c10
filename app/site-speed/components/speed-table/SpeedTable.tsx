import type { ReactNode } from "react";
import { useText } from "~/i18n/text";
import { TableScroll } from "../../../components/table-scroll/TableScroll";

export interface SpeedTableProps {
  /** Names the table, and the region it scrolls in, for everyone. */
  caption: string;
  /** The table's `thead` and `tbody`. */
  children: ReactNode;
}

/** A table of a page's figures on the site-speed dashboard: captioned, in a region that scrolls sideways on a phone. */
export function SpeedTable({ caption, children }: SpeedTableProps) {
  const text = useText();
  return (
    <TableScroll label={text("speed.table.region", { caption })}>
      <table className="data-table">
        <caption className="speed-table__caption">{caption}</caption>
        {children}
      </table>
    </TableScroll>
  );
}
