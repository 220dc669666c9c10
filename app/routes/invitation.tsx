import { useEffect, useRef } from "react";
import { Form, href } from "react-router";
import { textOf } from "~/i18n/language.server";
import { useText } from "~/i18n/text";
import { clientAddressContext, databaseContext } from "~/request-context";
import { acceptInvitationForm, invitationPage } from "~/team/invitation-routes.server";
import { PASSWORD_MIN } from "~/team/team-forms";
import type { Route } from "./+types/invitation";
import { useSending } from "~/components/use-sending";
import { isolate } from "~/i18n/bidi";
import { Isolated } from "~/i18n/components/isolated/Isolated";

export const handle = { pageName: "sellerHubInvitation" };

/** The retry time of a blocked attempt reaches the client, as on the sign-in page. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export function loader({ request, params, context }: Route.LoaderArgs) {
  return invitationPage(request, context.get(databaseContext), params.token);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return acceptInvitationForm(
    request,
    context.get(databaseContext),
    params.token,
    context.get(clientAddressContext),
    textOf(context),
  );
}

/** Where an invitee chooses their name and password, and joins the team. */
export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const text = useText();
  const joining = useSending();
  const page = actionData ?? loaderData;
  // Which field a refusal is about: the name, the password (its length, or the two differ), or
  // neither (an expired form). Only that field is marked and described by it, both passwords when
  // they differ, and with scripts the focus goes to it (an audit of 2026-11-29: the first password
  // alone was marked, every field described by any refusal, and the focus left on the button).
  const refusal = page.refusal;
  const nameRefused = refusal === text("invitation.refusal.displayName");
  const mismatch = refusal === text("invitation.refusal.mismatch");
  const passwordRefused = mismatch || refusal === text("invitation.refusal.password");
  const nameField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (actionData?.refusal === undefined) return;
    if (nameRefused) nameField.current?.focus();
    else if (passwordRefused) passwordField.current?.focus();
  }, [actionData, nameRefused, passwordRefused]);
  const describedBy = (hint: string | null, refused: boolean) =>
    [hint, refused ? "invitation-error" : null].filter(Boolean).join(" ") || undefined;
  if (!page.invitation) {
    return (
      <main className="sign-in">
        <title>{text("pageTitle", { page: text("invitation.pageTitle") })}</title>
        <h1>{text("invitation.notValid.heading")}</h1>
        <p role={page.refusal ? "alert" : undefined}>{page.refusal ?? text("invitation.notValid.text")}</p>
        <p>
          <a href={href("/signin")}>{text("invitation.goToSignIn")}</a>
        </p>
      </main>
    );
  }
  const { invitation, srt } = page;
  return (
    <main className="sign-in">
      <title>{text("pageTitle", { page: text("invitation.pageTitle") })}</title>
      {/* Names a person typed, set apart from the sentence around them (an audit of 2026-11-29). */}
      <h1>
        <Isolated text={text("invitation.heading", { account: isolate(invitation.accountName) })} />
      </h1>
      <p>
        <Isolated
          text={text("invitation.intro", {
            account: isolate(invitation.accountName),
            role: invitation.role,
            username: isolate(invitation.username),
          })}
        />
      </p>
      <Form method="post" className="sign-in__form">
        {refusal && (
          <p id="invitation-error" className="form-error" role="alert">
            {refusal}
          </p>
        )}
        <input type="hidden" name="srt" value={srt} />
        {/* For password managers: the username the new password goes with. */}
        <input type="hidden" name="username" value={invitation.username} autoComplete="username" />
        <label htmlFor="display-name">{text("invitation.displayName")}</label>
        <input
          ref={nameField}
          id="display-name"
          name="displayName"
          autoComplete="name"
          required
          aria-describedby={describedBy("display-name-hint", nameRefused)}
          aria-invalid={nameRefused || undefined}
        />
        <p id="display-name-hint" className="sign-in__hint">
          {text("invitation.displayNameHint")}
        </p>
        <label htmlFor="password">{text("invitation.password")}</label>
        <input
          ref={passwordField}
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          aria-describedby={describedBy("password-hint", passwordRefused)}
          aria-invalid={passwordRefused || undefined}
        />
        <p id="password-hint" className="sign-in__hint">
          {text("invitation.passwordHint")}
        </p>
        <label htmlFor="password-again">{text("invitation.confirmPassword")}</label>
        <input
          id="password-again"
          name="passwordAgain"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          aria-describedby={describedBy(null, mismatch)}
          aria-invalid={mismatch || undefined}
        />
        <button type="submit" className="button button--primary" aria-disabled={joining || undefined}>
          {joining ? text("invitation.submitting") : text("invitation.submit")}
        </button>
      </Form>
    </main>
  );
}
