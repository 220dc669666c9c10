import { z } from "zod";
import type { MessageKey } from "~/i18n/language-text";

/** One schema for the sign-in form's fields, its action and its types. */
export const signInFormSchema = z.object({
  // No username holds a control character (app/team/team-forms.ts), and PostgreSQL refuses text
  // holding a NUL: refused here, the form answers 400 rather than the database a 500.
  username: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^\P{Cc}*$/u),
  password: z.string().min(1).max(256),
  srt: z.string().max(128),
  // Any length: the action keeps it only if it is a page of the hub short enough to keep
  // (`safeRedirectPath`), and a link's long target must not make a right password look wrong.
  redirectTo: z.string().optional(),
});

export type SignInForm = z.infer<typeof signInFormSchema>;

/**
 * What a refused form tells the seller: an empty field is named; anything else (a username too
 * long to be one) gets the one message for any wrong pair, so the form never tells which
 * accounts exist.
 */
export function signInRefusal(issue: z.core.$ZodIssue | undefined): MessageKey {
  if (issue?.code === "too_small" && issue.path[0] === "username") return "signIn.enterUsername";
  if (issue?.code === "too_small" && issue.path[0] === "password") return "signIn.enterPassword";
  return "signIn.wrongCredentials";
}
