import { useEffect, useId, useRef } from "react";
import { Form, href, Link, useLocation } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { formattingLocaleOf, textOf } from "~/i18n/language.server";
import { isolate } from "~/i18n/bidi";
import { Isolated } from "~/i18n/components/isolated/Isolated";
import type { MessageKey } from "~/i18n/language-text";
import { useText } from "~/i18n/text";
import { clientAddressContext, databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import { InviteForm } from "~/team/components/invite-form/InviteForm";
import { TeamMembers } from "~/team/components/team-members/TeamMembers";
import { handleTeamForm, teamPage, type MemberQuestion } from "~/team/team-routes.server";
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
    context.get(clientAddressContext),
  );
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { members, invitations, question, srt, locale } = loaderData;
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
  // Kept as it was: the question goes, and the focus returns to the link that asked it.
  const { hash } = useLocation();
  useEffect(() => {
    if (/^#(remove|handover)-\d+$/.test(hash)) document.getElementById(hash.slice(1))?.focus();
  }, [hash]);
  // A wrong password for a hand-over is said at the top and tied to the password field; its other
  // refusals (too many tries, the member gone) are not the field's.
  const refusalId = useId();
  const refusedHandover = actionData && !actionData.ok && actionData.field === "password" ? actionData : undefined;
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
        <p id={refusalId} className="form-error" role="alert">
          <Isolated text={refused} />
        </p>
      )}
      {question && (
        <MemberQuestion
          key={`${question.asks}-${question.member.id}`}
          asks={question.asks}
          member={question.member}
          srt={srt}
          sending={sending}
          refusal={question.asks === "handover" && refusedHandover ? { id: refusalId, of: refusedHandover } : undefined}
        />
      )}
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

/** A refusal of the question's answer: the alert's id, and the answer it refused (each try a new one). */
interface QuestionRefusal {
  id: string;
  of: object;
}

/**
 * Handing the account over is confirmed by the owner's password, not by their session alone. A
 * wrong one is the field's error: marked invalid, described by the alert, and with scripts the
 * focus put back in it to type again, as the other forms' errors are (an audit of 2026-11-29
 * found it said only at the top of the page).
 */
function PasswordField({ refusal }: { refusal?: QuestionRefusal }) {
  const text = useText();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const refused = refusal?.of;
  useEffect(() => {
    if (refused) field.current?.focus();
  }, [refused]);
  return (
    <div className="team-page__password">
      <label htmlFor={id}>{text("team.handover.password")}</label>
      <input
        ref={field}
        id={id}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal?.id}
      />
    </div>
  );
}

/** Each question's words: what it asks, what follows, and its two answers. */
const QUESTION_TEXTS = {
  remove: {
    heading: "team.remove.heading",
    text: "team.remove.text",
    confirm: "team.remove.confirm",
    keep: "team.remove.keep",
  },
  handover: {
    heading: "team.handover.heading",
    text: "team.handover.text",
    confirm: "team.handover.confirm",
    keep: "team.handover.keep",
  },
} as const satisfies Record<MemberQuestion, Record<string, MessageKey>>;

/**
 * A removal, or handing the account over, is asked first, on the page (`?remove=` or `?handover=`
 * names the member, so it works without scripts): the question takes the focus, and its second
 * answer leads back to the team as it was, to the link that asked.
 */
function MemberQuestion({
  asks,
  member,
  srt,
  sending,
  refusal,
}: {
  asks: MemberQuestion;
  member: { id: number; displayName: string };
  srt: string;
  sending: boolean;
  refusal?: QuestionRefusal;
}) {
  const text = useText();
  const words = QUESTION_TEXTS[asks];
  const name = isolate(member.displayName);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="team-page__question" aria-labelledby="member-question">
      <h2 id="member-question" ref={heading} tabIndex={-1}>
        <Isolated text={text(words.heading, { name })} />
      </h2>
      <p>
        <Isolated text={text(words.text, { name })} />
      </p>
      <div className="team-page__question-actions">
        {/* Sent to the question's own address: a refusal (a wrong password) leaves the question open. */}
        <Form method="post" action={`${href("/sh/team")}?${asks}=${member.id}`} className="team-page__question-form">
          <input type="hidden" name="srt" value={srt} />
          <input type="hidden" name="intent" value={asks} />
          <input type="hidden" name="member" value={member.id} />
          {asks === "handover" && <PasswordField refusal={refusal} />}
          <button type="submit" className="button button--primary" aria-disabled={sending || undefined}>
            <Isolated text={text(words.confirm, { name })} />
          </button>
        </Form>
        <Link to={`${href("/sh/team")}#${asks}-${member.id}`} className="button">
          <Isolated text={text(words.keep, { name })} />
        </Link>
      </div>
    </section>
  );
}
