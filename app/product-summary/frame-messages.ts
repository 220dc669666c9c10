import { z } from "zod/mini";
import { LISTING_CONDITIONS, LISTING_STATUSES } from "~/listings/listing-fields";

/*
 * The three messages between the listing detail page and the product summary in its frame
 * (docs/product/calls-and-limits.md). zod/mini rather than zod: the frame's whole script stays within its 20 kB budget.
 */

const text = z.string().check(z.maxLength(200));
const listingIdText = z.string().check(z.regex(/^(|[1-9]\d{0,9})$/));
const oneOf = (values: object) => z.enum(["", ...Object.keys(values)]);
/**
 * The hub's own addition to both messages (decision record 058): the parent numbers each
 * conditionChange, and the frame's reports say which change the summary they describe answers
 * (0, or absent, for the summary the frame was loaded with).
 */
const changeNumber = z.optional(z.number().check(z.int(), z.gte(0), z.lte(1_000_000_000)));

/** Frame → parent, on load and whenever the summary's height changes. */
export const loadProductInsightsDataSchema = z.object({
  type: z.literal("loadProductInsightsData"),
  data: z.object({
    listingId: listingIdText,
    epid: text,
    displayPrice: text,
    additionalPrice: text,
    logisticsCost: text,
    contentHeight: z.number().check(z.gte(0), z.lte(100_000)),
    changeNumber,
  }),
});

/** Frame → parent, when the seller asks for the product's insights. */
export const openProductInsightsSchema = z.object({
  type: z.literal("openProductInsights"),
  data: z.object({ epid: text }),
});

/** Parent → frame, when one of the parent's filters changes; "" means the filter is not set. */
export const conditionChangeSchema = z.object({
  type: z.literal("conditionChange"),
  data: z.object({
    fieldChanged: z.enum(["condition", "status"]),
    itemId: listingIdText,
    condition: oneOf(LISTING_CONDITIONS),
    status: oneOf(LISTING_STATUSES),
    changeNumber,
  }),
});

export const frameToParentSchema = z.discriminatedUnion("type", [
  loadProductInsightsDataSchema,
  openProductInsightsSchema,
]);

export type LoadProductInsightsData = z.infer<typeof loadProductInsightsDataSchema>["data"];
export type ConditionChange = z.infer<typeof conditionChangeSchema>["data"];
export type FrameToParentMessage = z.infer<typeof frameToParentSchema>;
export type ParentToFrameMessage = z.infer<typeof conditionChangeSchema>;

export interface MessageListener<T> {
  /** The one origin whose messages count: the hub's own. */
  origin: string;
  /** The one window whose messages count (the frame's for the parent, the parent for the frame). */
  source(): MessageEventSource | null | undefined;
  schema: z.ZodMiniType<T>;
  onMessage(message: T): void;
}

/**
 * Listens on `target` for messages from exactly `origin` and `source` whose shape `schema`
 * accepts; anything else is ignored. Returns the function that stops listening.
 */
export function listenForMessages<T>(
  target: Window,
  { origin, source, schema, onMessage }: MessageListener<T>,
): () => void {
  const receive = (event: MessageEvent) => {
    if (event.origin !== origin || event.source === null || event.source !== source()) return;
    const parsed = schema.safeParse(event.data);
    if (parsed.success) onMessage(parsed.data);
  };
  target.addEventListener("message", receive);
  return () => target.removeEventListener("message", receive);
}

/** Posts to one window, only ever to the exact origin given, never "*". */
export function postMessageTo(
  target: { postMessage(message: unknown, targetOrigin: string): void },
  message: FrameToParentMessage | ParentToFrameMessage,
  origin: string,
): void {
  target.postMessage(message, origin);
}
