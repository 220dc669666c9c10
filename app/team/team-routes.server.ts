import { data, href, redirect } from "react-router";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import { confirmOwnPassword } from "~/auth/confirm-password.server";
import type { SignedInSeller } from "~/auth/session.server";
import { actorOf } from "~/activity/activity.server";
import type { Database } from "~/db/database.server";
import { pageUrl } from "~/http/page-url";
import { readForm } from "~/http/request-body.server";
import { isolate } from "~/i18n/bidi";
import type { Text } from "~/i18n/language-text";
import { formatTime, timeZoneOfMember } from "~/time/time-zones";
import { readId, readInvitedRole, readUsername } from "./team-forms";
import {
  changeRole,
  findTeam,
  handOverOwnership,
  INVITATIONS_PER_DAY,
  inviteMember,
  NoLongerOwner,
  removeMember,
  withdrawInvitation,
  type InvitationRefusal,
} from "./team.server";

/**
 * What the team page shows after a form: the new invitation's link (shown this once), or what was
 * done. A name or username in a sentence is set apart (`isolate`): "Made سارة (sara)…" would
 * otherwise run the words after an Arabic name into it. The page renders them with `<Isolated>`.
 */
export type TeamActionData =
  | { ok: true; invited: { username: string; link: string; until: string } }
  | { ok: true; done: string; intent: TeamIntent }
  | {
      ok: false;
      refusal: string;
      intent: TeamIntent | null;
      /** The field of the form the refusal is about, if one is: marked and described by it. */
      field?: "username" | "password";
    };

/** The team page's forms. */
export type TeamIntent = "invite" | "role" | "remove" | "handover" | "withdraw";
const INTENTS: readonly TeamIntent[] = ["invite", "role", "remove", "handover", "withdraw"];

/** What the page asks before doing it, about one member: their removal, or handing them the account. */
export type MemberQuestion = "remove" | "handover";
const QUESTIONS: readonly MemberQuestion[] = ["remove", "handover"];

const REFUSALS: Record<
  InvitationRefusal,
  "team.refusal.usernameTaken" | "team.refusal.alreadyInvited" | "team.refusal.tooMany"
> = {
  usernameTaken: "team.refusal.usernameTaken",
  alreadyInvited: "team.refusal.alreadyInvited",
  tooMany: "team.refusal.tooMany",
};

/**
 * The team page's data: the account's members and invitations, and the question the address asks
 * about a member, if any (`?remove=<id>` or `?handover=<id>`, so that asking works without scripts).
 */
export async function teamPage(request: Request, { db }: Database, { seller }: SignedInSeller) {
  const team = await findTeam(db, seller.id);
  const { searchParams } = pageUrl(request);
  const question = QUESTIONS.find((asked) => searchParams.has(asked));
  const askedAbout = question && readId(searchParams.get(question));
  const member = team.members.find((candidate) => candidate.id === askedAbout && candidate.role !== "owner");
  return { ...team, question: question && member ? { asks: question, member } : null };
}

/**
 * The team page's forms, each a plain post that works without scripts: invite, change a role,
 * remove a member, hand the account to a member, withdraw an invitation. Refused with the reason
 * (4xx) and nothing stored; refused too when the account was handed over, from another tab, while
 * the form was on its way (its change finds its sender no longer the owner).
 */
export async function handleTeamForm(
  ...form: Parameters<typeof answerTeamForm>
): Promise<ReturnType<typeof data<TeamActionData>>> {
  try {
    return await answerTeamForm(...form);
  } catch (error) {
    if (!(error instanceof NoLongerOwner)) throw error;
    const text = form[3];
    return data<TeamActionData>(
      { ok: false, refusal: text("team.refusal.noLongerOwner"), intent: null },
      { status: 403 },
    );
  }
}

async function answerTeamForm(
  request: Request,
  database: Database,
  signedIn: SignedInSeller,
  text: Text,
  locale: string,
  client: string,
): Promise<ReturnType<typeof data<TeamActionData>>> {
  const form = await readForm(request);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  const { db } = database;
  const { seller, member } = signedIn;
  const asked = form.get("intent");
  const intent = INTENTS.find((known) => known === asked) ?? null;
  const refuse = (refusal: string, status = 400, field?: "username" | "password") =>
    data<TeamActionData>({ ok: false, refusal, intent, ...(field && { field }) }, { status });
  switch (intent) {
    case "invite": {
      const username = readUsername(form.get("username"));
      if (!username.ok) return refuse(text(username.refusal), 400, "username");
      const role = readInvitedRole(form.get("role"));
      if (!role.ok) return refuse(text(role.refusal));
      const invited = await inviteMember(database, actorOf(signedIn), { username: username.value, role: role.value });
      if (!invited.ok)
        return refuse(
          text(REFUSALS[invited.refusal], { username: isolate(username.value), max: INVITATIONS_PER_DAY }),
          invited.refusal === "tooMany" ? 429 : 409,
          // A taken or already invited username is the field's; the day's limit is the account's.
          invited.refusal === "tooMany" ? undefined : "username",
        );
      const link = new URL(`/invitation/${invited.token}`, pageUrl(request)).toString();
      const until = formatTime(invited.expiresAt, locale, timeZoneOfMember(member, seller));
      return data<TeamActionData>({ ok: true, invited: { username: username.value, link, until } });
    }
    case "role": {
      const id = readId(form.get("member"));
      const role = readInvitedRole(form.get("role"));
      if (!role.ok) return refuse(text(role.refusal));
      const target = id === null ? null : await changeRole(db, actorOf(signedIn), id, role.value);
      if (!target) return refuse(text("team.refusal.noMember"), 404);
      return data<TeamActionData>({
        ok: true,
        done: text("team.changeRole.done", { name: isolate(target.displayName), role: role.value }),
        intent,
      });
    }
    case "remove": {
      const id = readId(form.get("member"));
      const removed = id === null ? null : await removeMember(db, actorOf(signedIn), id);
      if (!removed) return refuse(text("team.refusal.noMember"), 404);
      return data<TeamActionData>({
        ok: true,
        done: text("team.remove.done", { name: isolate(removed.displayName) }),
        intent,
      });
    }
    case "handover": {
      const id = readId(form.get("member"));
      const confirmed = await confirmOwnPassword(db, member, client, form.get("password"));
      if (!confirmed.ok && confirmed.retryAfterSeconds !== undefined)
        return data<TeamActionData>(
          {
            ok: false,
            refusal: text("signIn.tooManyAttempts", { minutes: Math.ceil(confirmed.retryAfterSeconds / 60) }),
            intent,
          },
          { status: 429, headers: { "Retry-After": String(confirmed.retryAfterSeconds) } },
        );
      if (!confirmed.ok) return refuse(text("team.refusal.password"), 403, "password");
      const owner = id === null ? null : await handOverOwnership(db, actorOf(signedIn), id);
      if (!owner) return refuse(text("team.refusal.noMember"), 404);
      // The team is no longer theirs to manage: its page would refuse them. The overview's header
      // now names the account they work for, as a member's does.
      throw redirect(href("/sh/ovw"));
    }
    case "withdraw": {
      const id = readId(form.get("invitation"));
      const invitation = id === null ? null : await withdrawInvitation(db, actorOf(signedIn), id);
      if (!invitation) return refuse(text("team.refusal.noInvitation"), 404);
      return data<TeamActionData>({
        ok: true,
        done: text("team.withdraw.done", { username: isolate(invitation.username) }),
        intent,
      });
    }
    case null:
      return refuse(text("team.refusal.intent"));
  }
}
