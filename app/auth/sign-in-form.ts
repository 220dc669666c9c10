import { z } from "zod";

/** One schema for the sign-in form's fields, its action and its types. */
export const signInFormSchema = z.object({
  username: z.string().trim().min(1, "Enter your username").max(64),
  password: z.string().min(1, "Enter your password").max(256),
  srt: z.string().max(128),
  redirectTo: z.string().max(2048).optional(),
});

export type SignInForm = z.infer<typeof signInFormSchema>;

/** One message for any wrong pair, so the form never tells which accounts exist. */
export const WRONG_CREDENTIALS = "That username and password do not match an account. Check both and try again.";
