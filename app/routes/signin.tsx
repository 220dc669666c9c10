import { data, Form, redirect, redirectDocument } from "react-router";
import { isKnownBrowser, rememberBrowser } from "~/auth/known-browsers.server";
import { findMemberByCredentials, issueSignInToken, signInTokenMatches } from "~/auth/sign-in.server";
import { claimSignInAttempt, forgetFailedSignIns, settleFailedSignIn } from "~/auth/sign-in-limits.server";
import { signInFormSchema, signInRefusal } from "~/auth/sign-in-form";
import { endSessionOfRequest, findSignedInSeller, startSession } from "~/auth/session.server";
import { readForm } from "~/http/request-body.server";
import { safeRedirectPath } from "~/http/safe-redirect";
import { textOf } from "~/i18n/language.server";
import { useText } from "~/i18n/text";
import { clientAddressContext, databaseContext } from "~/request-context";
import type { Route } from "./+types/signin";
import { useSending } from "~/components/use-sending";

export const handle = { pageName: "sellerHubSignIn" };

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
  const text = textOf(context);
  const parsed = signInFormSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data({ error: text(signInRefusal(parsed.error.issues[0])), username: undefined }, { status: 400 });
  }
  const { username, password, srt, redirectTo } = parsed.data;
  if (!signInTokenMatches(request, srt)) {
    return data({ error: text("signIn.expired"), username }, { status: 403 });
  }
  const { db } = context.get(databaseContext);
  // As usernames are stored (app/team/team-forms.ts): "Zoë" typed as e + U+0308 is the same name.
  const account = username.normalize("NFC").toLowerCase();
  const client = context.get(clientAddressContext);
  const knownBrowser = await isKnownBrowser(db, request, account);
  const attempt = await claimSignInAttempt(db, account, client, Date.now(), { knownBrowser });
  if (!attempt.allowed) {
    const minutes = Math.ceil(attempt.retryAfterSeconds / 60);
    return data(
      { error: text("signIn.tooManyAttempts", { minutes }), username },
      { status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
    );
  }
  const member = await findMemberByCredentials(db, account, password);
  if (!member) {
    await settleFailedSignIn(db, account);
    // The username stays in the form (which, without scripts, the browser draws afresh).
    return data({ error: text("signIn.wrongCredentials"), username }, { status: 401 });
  }
  await forgetFailedSignIns(db, account);
  await endSessionOfRequest(db, request);
  const cookies = new Headers();
  cookies.append("Set-Cookie", await startSession(db, member, request, { address: client }));
  cookies.append("Set-Cookie", await rememberBrowser(db, request, account));
  // A whole new document: the hub speaks the member's language, which may not be this page's.
  return redirectDocument(safeRedirectPath(redirectTo, request.url), { headers: cookies });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const signingIn = useSending();
  const text = useText();
  const error = actionData?.error;
  return (
    <main className="sign-in">
      <title>{text("pageTitle", { page: text("signIn.pageTitle") })}</title>
      <h1>{text("signIn.heading")}</h1>
      <Form method="post" className="sign-in__form" aria-describedby={error ? "sign-in-error" : undefined}>
        {error && (
          <p id="sign-in-error" className="form-error" role="alert">
            {error}
          </p>
        )}
        <input type="hidden" name="srt" value={loaderData.srt} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <label htmlFor="username">{text("signIn.username")}</label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          defaultValue={actionData?.username}
          required
          autoCapitalize="none"
          spellCheck={false}
        />
        <label htmlFor="password">{text("signIn.password")}</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        <button type="submit" className="button button--primary" disabled={signingIn}>
          {signingIn ? text("signIn.submitting") : text("signIn.submit")}
        </button>
      </Form>
    </main>
  );
}
