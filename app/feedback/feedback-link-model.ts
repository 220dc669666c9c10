import { z } from "zod";
import { INVALID_FEEDBACK_LINK_MODEL } from "./feedback-mailto";

/** The feedback link model (docs/product/models.md): a prepared e-mail with what the hub knows of the seller's context. */
export const feedbackLinkModelSchema = z.object(
  {
    /** The link's text. */
    label: z.string().min(1),
    to: z.email(),
    subject: z.string().min(1),
    /** The opening of the message; the seller writes the rest. */
    body: z.string(),
    username: z.string().min(1),
    /** The seller's browser, summarised readably from its User-Agent. */
    browser: z.string().min(1),
    /** The seller's marketplace, e.g. EBAY_US. */
    site: z.string().min(1),
  },
  { error: () => INVALID_FEEDBACK_LINK_MODEL },
);

export type FeedbackLinkModel = z.infer<typeof feedbackLinkModelSchema>;
