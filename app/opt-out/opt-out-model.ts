import { z } from "zod";
import { feedbackLinkModelSchema } from "~/feedback/feedback-link-model";

/** The defaults, which the view model may override (docs/product/pages-and-navigation.md). */
export const DEFAULT_OPT_OUT_URL = "/sh/optout";
export const DEFAULT_PREVIOUS_TOOL_URL = "/sh/ovw";

/** Same-site paths only: switching tools never leads off the hub. */
const hubPath = z.string().regex(/^\/(?!\/)/, "Opt-out URLs are paths on the hub");

const action = z.object({ text: z.string().min(1) });

const view = z.object({ header: z.string().min(1), body: z.string().min(1) });

/** The opt-out view model (docs/product/models.md): what the opt-out link, its dialog and its page say and where they lead. */
export const optOutViewModelSchema = z.object({
  /** The opener: its text, and the switch-tools page it leads to without JavaScript. */
  linkConfig: z.object({ text: z.string().min(1), url: hubPath }),
  /** The question, with the switch (primary) and cancel (secondary) actions. */
  optOutInfo: view.extend({ actions: z.object({ primary: action, secondary: action }) }),
  /** After the switch; the primary action leads to the previous tool. */
  optOutSuccess: view.extend({ actions: z.object({ primary: action }) }),
  /** What the dialog says while the switch is under way (it cannot be closed meanwhile). */
  optOutSwitching: action,
  /** After the server refused the switch: nothing was saved. The primary action closes the dialog. */
  optOutFailed: view.extend({ actions: z.object({ primary: action }) }),
  /**
   * After a time-out or a lost connection: the server may still have recorded the switch, so the
   * dialog cannot say either way. The primary action closes the dialog; the next page shows the truth.
   */
  optOutUnconfirmed: view.extend({ actions: z.object({ primary: action }) }),
  /** The dialog's close cross. */
  cancelOptout: action,
  /** The feedback link the success view offers. */
  feedbackConfig: feedbackLinkModelSchema,
  optOutUrl: hubPath.default(DEFAULT_OPT_OUT_URL),
  previousToolUrl: hubPath.default(DEFAULT_PREVIOUS_TOOL_URL),
});

export type OptOutViewModel = z.infer<typeof optOutViewModelSchema>;
export type OptOutView = z.infer<typeof view> & { actions: { primary: z.infer<typeof action> } };

/** The form (no JavaScript) and the dialog's JSON call send the same field (docs/product/calls-and-limits.md). */
export const optOutRequestSchema = z.object({ srt: z.string().max(128) });
