import { useText } from "~/i18n/text";
import { formatVital, rate, RATING_LABELS, type VitalName } from "~/site-speed/vitals";

export interface VitalFigureProps {
  vital: VitalName;
  /** The figure, in the vital's unit (ms, or CLS's score). */
  value: number;
  locale: string;
}

/**
 * A vital's figure and its rating, as the dashboard's tables show one in a cell: "1,780 ms Good".
 * The rating is in words as well as in colour; the figure never breaks between number and unit.
 */
export function VitalFigure({ vital, value, locale }: VitalFigureProps) {
  const text = useText();
  const rating = rate(vital, value);
  return (
    <>
      <span className="vital-figure">{formatVital(vital, value, locale)}</span>{" "}
      <span className={`rating rating--${rating}`}>{text(RATING_LABELS[rating])}</span>
    </>
  );
}
