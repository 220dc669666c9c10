import { data } from "react-router";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import type { SignedInSeller } from "~/auth/session.server";
import type { Database } from "~/db/database.server";
import { readForm } from "~/http/request-body.server";
import type { Text } from "~/i18n/language-text";
import { endOtherSessions, findMemberSessions } from "./member-sessions.server";

/** What the sessions page says after a form: what was done, or why nothing was. */
export type SessionsActionData = { ok: true; done: string } | { ok: false; refusal: string };

/** A session's key as the page sends it back: a SHA-256 in base64url. */
const SESSION_KEY = /^[\w-]{43}$/;

const ownerOf = ({ member, sessionId }: SignedInSeller) => ({ memberId: member.id, currentSessionId: sessionId });

/** The member's own sessions in use, this browser's first. */
export function sessionsPage({ db }: Database, signedIn: SignedInSeller) {
  return findMemberSessions(db, ownerOf(signedIn));
}

/**
 * The page's forms, plain posts that work without scripts: sign out of one other session
 * (`intent=end`, `session=<key>`), or of every other (`intent=end-others`). The session asking
 * stays; one already ended, or not the member's, is refused (404) and nothing changes.
 */
export async function handleSessionsForm(
  request: Request,
  { db }: Database,
  signedIn: SignedInSeller,
  text: Text,
): Promise<ReturnType<typeof data<SessionsActionData>>> {
  const form = await readForm(request);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  const refuse = (refusal: string, status: number) => data<SessionsActionData>({ ok: false, refusal }, { status });
  const intent = form.get("intent");
  if (intent === "end-others") {
    const ended = await endOtherSessions(db, ownerOf(signedIn));
    return data<SessionsActionData>({ ok: true, done: text("sessions.endedOthers", { count: ended }) });
  }
  if (intent !== "end") return refuse(text("sessions.refusal.intent"), 400);
  const session = form.get("session");
  if (typeof session !== "string" || !SESSION_KEY.test(session)) return refuse(text("sessions.refusal.session"), 400);
  if ((await endOtherSessions(db, ownerOf(signedIn), session)) === 0) return refuse(text("sessions.refusal.gone"), 404);
  return data<SessionsActionData>({ ok: true, done: text("sessions.ended") });
}
