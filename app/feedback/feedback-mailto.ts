import type { FeedbackLinkModel } from "./feedback-link-model";

export const INVALID_FEEDBACK_LINK_MODEL = "Invalid model for shui-feedback-link";

/**
 * The feedback link's `mailto:` URL (RFC 6068): every header value percent-encoded as UTF-8,
 * spaces as %20 and line breaks as %0D%0A, so that `&`, new lines and accents arrive intact.
 * The username, browser and site close the body, where the seller can see what is sent.
 */
export function feedbackMailtoUrl(model: FeedbackLinkModel | null | undefined): string {
  if (!model || typeof model !== "object" || Object.keys(model).length === 0)
    throw new Error(INVALID_FEEDBACK_LINK_MODEL);
  const details = [`Username: ${model.username}`, `Browser: ${model.browser}`, `Site: ${model.site}`];
  const body = [model.body, "", "--", ...details].join("\n");
  const recipient = model.to.split("@").map(encodeValue).join("@");
  return `mailto:${recipient}?subject=${encodeValue(model.subject)}&body=${encodeValue(body)}`;
}

/** RFC 6068 §5: a line break in a header value is CRLF, percent-encoded. */
function encodeValue(value: string): string {
  return encodeURIComponent(value.toWellFormed().replace(/\r\n|\r|\n/g, "\r\n"));
}
