import { useText } from "~/i18n/text";
import { feedbackStarFor } from "~/sellers/feedback-star";

export interface FeedbackBadgeProps {
  /** The seller's feedback score. */
  score: number;
  /** Formats the score in the page's language's locale. */
  locale: string;
}

/** The feedback score and its star; the star's colour is also written out, never shown by colour alone. */
export function FeedbackBadge({ score, locale }: FeedbackBadgeProps) {
  const star = feedbackStarFor(score);
  const text = useText();
  const colourClass = star?.toLowerCase().replaceAll(" ", "-");
  return (
    <span className="feedback-badge">
      <span className="feedback-badge__score">
        <span className="visually-hidden">{`${text("member.feedbackScore")} `}</span>
        {score.toLocaleString(locale)}
      </span>
      {star && (
        <span className={`feedback-badge__star feedback-badge__star--${colourClass}`}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            {star.endsWith("shooting star") && <path className="feedback-badge__trail" d="M1 15h6M2 19h5M3 11h4" />}
            <path d="M15 2l2.6 5.9 6.4.6-4.9 4.3 1.5 6.3L15 15.8 9.4 19.1l1.5-6.3L6 8.5l6.4-.6z" />
          </svg>
          <span className="feedback-badge__colour">
            {text("member.star", { colour: colourClass!.replaceAll("-", "_") })}
          </span>
        </span>
      )}
    </span>
  );
}
