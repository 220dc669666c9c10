import { useEffect, useRef } from "react";
import { Form, href, Link, useLocation } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { formattingLocaleOf, textOf } from "~/i18n/language.server";
import { isolate } from "~/i18n/bidi";
import { Isolated } from "~/i18n/components/isolated/Isolated";
import { useText } from "~/i18n/text";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import { InviteForm } from "~/team/components/invite-form/InviteForm";
import { TeamMembers } from "~/team/components/team-members/TeamMembers";
import { handleTeamForm, teamPage } from "~/team/team-routes.server";
import type { Route } from "./+types/team";
import { useSending } from "~/components/use-sending";

export const handle: PageHandle = { pageName: "sellerHubTeam", title: "page.team" };

/** The account's team, for its owner (the policy lets no one else here). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = getSignedInSeller(context);
  const team = await teamPage(request, context.get(databaseContext), signedIn);
  return { ...team, srt: signedIn.srt, locale: formattingLocaleOf(context) };
}

export function action({ request, context }: Route.ActionArgs) {
  return handleTeamForm(
    request,
    context.get(databaseContext),
    getSignedInSeller(context),
    textOf(context),
    formattingLocaleOf(context),
  );
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { members, invitations, toRemove, srt, locale } = loaderData;
  const text = useText();
  const sending = useSending();
  const done = actionData?.ok && "done" in actionData ? actionData.done : undefined;
  const refused = actionData && !actionData.ok ? actionData.refusal : undefined;
  // A removal takes its question, and the focused button with it, away, and a withdrawal its row:
  // the focus goes to what was done rather than to the page's body. A role's form stays, and keeps it.
  const doneMessage = useRef<HTMLOutputElement>(null);
  const movesFocus = actionData?.ok && "done" in actionData && actionData.intent !== "role";
  useEffect(() => {
    if (done && movesFocus) doneMessage.current?.focus();
  }, [done, movesFocus]);
  // Kept: the question goes, and the focus returns to the member's Remove link.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.startsWith("#remove-")) document.getElementById(hash.slice(1))?.focus();
  }, [hash]);
  // The invitation's outcome is said in its form; any other form's refusal at the top.
  const invite =
    actionData && ((actionData.ok && "invited" in actionData) || (!actionData.ok && actionData.intent === "invite"))
      ? actionData
      : undefined;
  return (
    <div className="team-page">
      {/* There from the first render, so that what is done is read out as it fills. */}
      <output ref={doneMessage} tabIndex={-1} className={done ? "done-message" : "visually-hidden"}>
        {done && <Isolated text={done} />}
      </output>
      {refused && !invite && (
        <p className="form-error" role="alert">
          <Isolated text={refused} />
        </p>
      )}
      {toRemove && <RemoveQuestion key={toRemove.id} member={toRemove} srt={srt} sending={sending} />}
      <p>
        <Link prefetch="intent" to={href("/sh/activity")}>
          {text("team.activityLink")}
        </Link>
      </p>
      <InviteForm srt={srt} result={invite} />
      <TeamMembers members={members} invitations={invitations} locale={locale} srt={srt} />
    </div>
  );
}

/**
 * Removal is asked first, on the page (`?remove=` names the member, so it works without scripts):
 * the question takes the focus, and Keep leads back to the team as it was.
 */
function RemoveQuestion({
  member,
  srt,
  sending,
}: {
  member: { id: number; displayName: string };
  srt: string;
  sending: boolean;
}) {
  const text = useText();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="team-page__remove" aria-labelledby="remove-member">
      <h2 id="remove-member" ref={heading} tabIndex={-1}>
        <Isolated text={text("team.remove.heading", { name: isolate(member.displayName) })} />
      </h2>
      <p>{text("team.remove.text")}</p>
      <div className="team-page__remove-actions">
        <Form method="post" action={href("/sh/team")}>
          <input type="hidden" name="srt" value={srt} />
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="member" value={member.id} />
          <button type="submit" className="button button--primary" aria-disabled={sending || undefined}>
            <Isolated text={text("team.remove.confirm", { name: isolate(member.displayName) })} />
          </button>
        </Form>
        {/* Back to the member's Remove link, where the question was asked from (the page focuses it). */}
        <Link to={`${href("/sh/team")}#remove-${member.id}`} className="button">
          <Isolated text={text("team.remove.keep", { name: isolate(member.displayName) })} />
        </Link>
      </div>
    </section>
  );
}
