import { z } from "zod";
import { feedbackLinkModelSchema } from "~/feedback/feedback-link-model";
import { optOutViewModelSchema } from "~/opt-out/opt-out-model";

/** Same-site paths only: navigation never leads off the hub. */
const hubPath = z.string().regex(/^\/(?!\/)/, "Navigation URLs are paths on the hub");

export const navLinkSchema = z.object({
  label: z.string().min(1),
  url: hubPath,
  active: z.boolean(),
});

/** A primary item; its navItems are the secondary items of its dropdown, or of its nested level. */
export const navItemSchema = navLinkSchema.extend({
  navItems: z.array(navLinkSchema).optional(),
});

export const navGroupSchema = z.object({
  heading: z.string().min(1),
  navItems: z.array(navItemSchema).min(1),
});

export const sideLinkSchema = z.object({
  label: z.string().min(1),
  url: z.string().min(1),
});

export const navigationDataSchema = z.object({
  navItems: z.array(navItemSchema),
  navGroups: z.array(navGroupSchema),
  messagesLinkData: sideLinkSchema.extend({ count: z.number().int().nonnegative() }).optional(),
  feedbackLinkData: feedbackLinkModelSchema.optional(),
  /** On the pages of a tool the seller may leave. */
  optOutLinkData: optOutViewModelSchema.optional(),
  /** On the previous tool's page, for a seller who left the new tool: the way back (a form post). */
  optInLinkData: sideLinkSchema.optional(),
});

export type NavLink = z.infer<typeof navLinkSchema>;
export type NavItem = z.infer<typeof navItemSchema>;
export type NavGroup = z.infer<typeof navGroupSchema>;
export type NavigationData = z.infer<typeof navigationDataSchema>;
