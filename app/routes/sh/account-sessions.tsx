import { useEffect, useRef } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { formattingLocaleOf, textOf } from "~/i18n/language.server";
import { useText } from "~/i18n/text";
import { SessionsTable } from "~/member-sessions/components/sessions-table/SessionsTable";
import { handleSessionsForm, sessionsPage } from "~/member-sessions/member-sessions-routes.server";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import type { Route } from "./+types/account-sessions";

export const handle: PageHandle = { pageName: "sellerHubSessions", title: "page.sessions" };

/** The member's own signed-in sessions: every role has this page, for themselves alone. */
export async function loader({ context }: Route.LoaderArgs) {
  const signedIn = getSignedInSeller(context);
  const sessions = await sessionsPage(context.get(databaseContext), signedIn);
  return { sessions, srt: signedIn.srt, locale: formattingLocaleOf(context) };
}

/**
 * A refused sign-out (404: ended meanwhile, in another tab) shows the sessions as they are now:
 * React Router reloads a page's data after a 4xx only when asked.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 404 || defaultShouldRevalidate;
}

export function action({ request, context }: Route.ActionArgs) {
  return handleSessionsForm(request, context.get(databaseContext), getSignedInSeller(context), textOf(context));
}

export default function AccountSessions({ loaderData, actionData }: Route.ComponentProps) {
  const { sessions, srt, locale } = loaderData;
  const text = useText();
  // Signing a session out takes its row, and the focused button with it, away: the focus goes to
  // what was done rather than to the page's body, after each sign-out (two in a row say the same).
  const doneMessage = useRef<HTMLOutputElement>(null);
  const done = actionData?.ok ? actionData.done : undefined;
  const refusal = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // A refusal takes the focus too: the button pressed may be gone with its session.
    (actionData?.ok ? doneMessage : refusal).current?.focus();
  }, [actionData]);
  return (
    <div className="sessions-page">
      <p>{text("sessions.intro")}</p>
      {/* There from the first render, so that what is done is read out as it fills. */}
      <output ref={doneMessage} tabIndex={-1} className={done ? "done-message" : "visually-hidden"}>
        {done}
      </output>
      {actionData && !actionData.ok && (
        <p className="form-error" role="alert" ref={refusal} tabIndex={-1}>
          {actionData.refusal}
        </p>
      )}
      <SessionsTable sessions={sessions} locale={locale} srt={srt} />
    </div>
  );
}
