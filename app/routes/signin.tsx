import { data, Form, redirect, useNavigation } from "react-router";
import { isKnownBrowser, rememberBrowser } from "~/auth/known-browsers.server";
import { findSellerByCredentials, issueSignInToken, signInTokenMatches } from "~/auth/sign-in.server";
import { claimSignInAttempt, forgetFailedSignIns, settleFailedSignIn } from "~/auth/sign-in-limits.server";
import { signInFormSchema, WRONG_CREDENTIALS } from "~/auth/sign-in-form";
import { endSessionOfRequest, findSignedInSeller, startSession } from "~/auth/session.server";
import { readForm } from "~/http/request-body.server";
import { safeRedirectPath } from "~/http/safe-redirect";
import { clientAddressContext, databaseContext } from "~/request-context";
import type { Route } from "./+types/signin";

export const handle = { pageName: "sellerHubSignIn" };

export function meta() {
  return [{ title: "Sign in · Seller Hub" }];
}

/** The retry time of a blocked sign-in reaches the client whether the form was posted with or without JavaScript. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), request.url);
  if (await findSignedInSeller(context.get(databaseContext).db, request)) throw redirect(redirectTo);
  const { token, cookie } = issueSignInToken(request);
  return data({ srt: token, redirectTo }, { headers: { "Set-Cookie": cookie } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = signInFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? WRONG_CREDENTIALS }, { status: 400 });
  }
  const { username, password, srt, redirectTo } = parsed.data;
  if (!signInTokenMatches(request, srt)) {
    return data({ error: "This sign-in form has expired. Reload the page and sign in again." }, { status: 403 });
  }
  const { db } = context.get(databaseContext);
  const account = username.toLowerCase();
  const client = context.get(clientAddressContext);
  const knownBrowser = await isKnownBrowser(db, request, account);
  const attempt = await claimSignInAttempt(db, account, client, Date.now(), { knownBrowser });
  if (!attempt.allowed) {
    const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
    return data(
      { error: `Too many sign-in attempts. Try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.` },
      { status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
    );
  }
  const seller = await findSellerByCredentials(db, account, password);
  if (!seller) {
    await settleFailedSignIn(db, account);
    return data({ error: WRONG_CREDENTIALS }, { status: 401 });
  }
  await forgetFailedSignIns(db, account);
  await endSessionOfRequest(db, request);
  const cookies = new Headers();
  cookies.append("Set-Cookie", await startSession(db, seller.id, request));
  cookies.append("Set-Cookie", await rememberBrowser(db, request, account));
  return redirect(safeRedirectPath(redirectTo, request.url), { headers: cookies });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const signingIn = useNavigation().state === "submitting";
  const error = actionData?.error;
  return (
    <main className="sign-in">
      <h1>Sign in to Seller Hub</h1>
      <Form method="post" className="sign-in__form" aria-describedby={error ? "sign-in-error" : undefined}>
        {error && (
          <p id="sign-in-error" className="form-error" role="alert">
            {error}
          </p>
        )}
        <input type="hidden" name="srt" value={loaderData.srt} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <label htmlFor="username">Username</label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          required
          autoCapitalize="none"
          spellCheck={false}
        />
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        <button type="submit" className="button button--primary" disabled={signingIn}>
          {signingIn ? "Signing in…" : "Sign in"}
        </button>
      </Form>
    </main>
  );
}
