import type { Seller } from "~/db/schema";
import type { Text } from "~/i18n/language-text";
import { summariseBrowser } from "./browser-summary.server";
import { feedbackLinkModelSchema, type FeedbackLinkModel } from "./feedback-link-model";

export const FEEDBACK_ADDRESS = "sellerhub-feedback@example.com";

export interface FeedbackMessage {
  /** The link's text. */
  label: string;
  subject: string;
  /** The opening of the message. */
  body: string;
}

/** The feedback link model for this seller on this browser, validated before it is rendered. */
export function feedbackLinkModel(
  seller: Pick<Seller, "username" | "site">,
  request: Request,
  message: FeedbackMessage,
): FeedbackLinkModel {
  return feedbackLinkModelSchema.parse({
    ...message,
    to: FEEDBACK_ADDRESS,
    username: seller.username,
    browser: summariseBrowser(request.headers.get("User-Agent")),
    site: seller.site,
  });
}

/** The side area's general feedback link, in the seller's language. */
export function generalFeedback(text: Text): FeedbackMessage {
  return {
    label: text("feedback.general.label"),
    subject: text("feedback.general.subject"),
    body: text("feedback.general.body"),
  };
}
