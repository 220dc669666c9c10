import { useText } from "~/i18n/text";
import { RATING_LABELS, RATINGS, type Rating } from "~/site-speed/vitals";

export interface RatingShareBarProps {
  /** Whole per cents of good, needs-improvement and poor page views, adding up to 100. */
  percentages: Record<Rating, number>;
}

/** The share of each rating as words and numbers, with a stacked bar beside them for the eye. */
export function RatingShareBar({ percentages }: RatingShareBarProps) {
  const text = useText();
  const parts = RATINGS.map((rating, index) => ({
    rating,
    x: RATINGS.slice(0, index).reduce((sum, before) => sum + percentages[before], 0),
    width: percentages[rating],
  }));
  return (
    <div className="rating-share">
      <svg
        className="rating-share__bar"
        viewBox="0 0 100 8"
        preserveAspectRatio="none"
        aria-hidden="true"
        focusable="false"
      >
        {parts.map(({ rating, x, width }) =>
          width > 0 ? (
            <rect
              key={rating}
              className={`rating-share__part rating-share__part--${rating}`}
              x={x}
              width={width}
              y={0}
              height={8}
            />
          ) : null,
        )}
      </svg>
      <ul className="rating-share__legend">
        {RATINGS.map((rating) => (
          <li key={rating}>
            <span className={`rating-share__key rating-share__key--${rating}`} aria-hidden="true" />
            {text("speed.ratingShare", { rating: text(RATING_LABELS[rating]), share: percentages[rating] })}
          </li>
        ))}
      </ul>
    </div>
  );
}
