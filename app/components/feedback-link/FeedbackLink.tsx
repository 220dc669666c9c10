import type { FeedbackLinkModel } from "~/feedback/feedback-link-model";
import { feedbackMailtoUrl } from "~/feedback/feedback-mailto";

export interface FeedbackLinkProps {
  /** The feedback link model (docs/product/models.md); an empty one throws "Invalid model for shui-feedback-link". */
  model: FeedbackLinkModel;
  /** Extra class for the link. */
  className?: string;
}

/** A link that opens the seller's e-mail program with the feedback message prepared. */
export function FeedbackLink({ model, className }: FeedbackLinkProps) {
  const href = feedbackMailtoUrl(model);
  return (
    <a href={href} className={className}>
      {model.label}
    </a>
  );
}
