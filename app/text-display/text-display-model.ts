import { z } from "zod";
import { STYLES_NOT_AN_ARRAY, TEXT_STYLES } from "./text-styles";

export { STYLES_NOT_AN_ARRAY, TEXT_STYLES, type TextStyle } from "./text-styles";

export const stylesSchema = z.array(z.enum(TEXT_STYLES), {
  error: (issue) => (issue.code === "invalid_type" ? STYLES_NOT_AN_ARRAY : undefined),
});

export const trackingSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/** Links lead to the web or to the hub; never to script. */
const safeUrl = z
  .string()
  .refine((url) => /^(https?:\/\/|\/(?!\/)|mailto:)/i.test(url), "Links must be http(s), mailto: or a path on the hub");

export const navActionSchema = z.object({
  type: z.literal("NAV"),
  URL: safeUrl,
  newWindow: z.boolean().optional(),
  tracking: trackingSchema.optional(),
});

export const operationActionSchema = z.object({
  type: z.literal("OPERATION"),
  name: z.string().min(1),
  tracking: trackingSchema.optional(),
});

export const textActionSchema = z.discriminatedUnion("type", [navActionSchema, operationActionSchema]);

export const textSpanSchema = z.object({
  text: z.string(),
  styles: stylesSchema.optional(),
  accessibilityText: z.string().optional(),
  action: textActionSchema.optional(),
});

/** The fields of the text display model, for models built on it (a message's controls). */
export const textDisplayFields = z.object({
  text: z.string().optional(),
  textSpans: z.array(textSpanSchema).optional(),
  styles: stylesSchema.optional(),
  action: textActionSchema.optional(),
  value: z.union([z.string(), z.number()]).optional(),
  accessibilityText: z.string().optional(),
});

export function hasText(model: { text?: string; textSpans?: unknown[] }): boolean {
  return model.text !== undefined || model.textSpans !== undefined;
}

/** The text display model (docs/product/models.md): text or textSpans, styled, perhaps an action. */
export const textDisplaySchema = textDisplayFields.refine(hasText, "A text display model needs text or textSpans");

export type TextAction = z.infer<typeof textActionSchema>;
export type TextSpan = z.infer<typeof textSpanSchema>;
export type TextDisplayModel = z.infer<typeof textDisplaySchema>;
