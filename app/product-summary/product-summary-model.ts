import { z } from "zod";
import { textDisplaySchema } from "~/text-display/text-display-model";

/** The product summary (docs/product/models.md): the listing's price facts, each a text display model. */
export const listingSummarySchema = z.object({
  listingId: textDisplaySchema,
  epid: textDisplaySchema,
  displayPrice: textDisplaySchema,
  /** The price before a reduction; absent when there is none. */
  additionalPrice: textDisplaySchema.optional(),
  logisticsCost: textDisplaySchema,
  /** The listing's banner ("Price drop", "Best Offer"); absent when it has none. */
  bannerStatus: textDisplaySchema.optional(),
});

/** What the parent's insights area shows, in plain text: the loadProductInsightsData payload without the height. */
export const insightsDataSchema = z.object({
  listingId: z.string(),
  epid: z.string(),
  displayPrice: z.string(),
  additionalPrice: z.string(),
  logisticsCost: z.string(),
});

export const productSummarySchema = z.object({
  /** The listing whose detail page frames the summary. */
  listingId: z.number().int().positive(),
  /** What is summarised, in the seller's words: "This listing", "Your lowest-priced ended listing…". */
  subject: z.string().min(1),
  /** The summarised listing's title, or what to do when none matches. */
  heading: z.string().min(1),
  /** Null when none of the seller's listings of the product matches the filters. */
  listingSummary: listingSummarySchema.nullable(),
  /** How the price compares with the market for the chosen condition. */
  marketComparison: textDisplaySchema,
  insightsData: insightsDataSchema,
});

export type ListingSummary = z.infer<typeof listingSummarySchema>;
export type ProductSummary = z.infer<typeof productSummarySchema>;
