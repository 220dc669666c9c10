import { data, redirectDocument } from "react-router";
import { hashPassword } from "~/auth/password.server";
import { rememberBrowser } from "~/auth/known-browsers.server";
import { endSessionOfRequest, startSession } from "~/auth/session.server";
import { issueSignInToken, signInTokenMatches } from "~/auth/sign-in.server";
import { claimSignInAttempt, signInRetryAfter } from "~/auth/sign-in-limits.server";
import type { Database } from "~/db/database.server";
import { readForm } from "~/http/request-body.server";
import type { Text } from "~/i18n/language-text";
import { readDisplayName, readNewPassword } from "./team-forms";
import { acceptInvitation, findOpenInvitation, type OpenInvitation } from "./team.server";

/**
 * Wrong invitation links count against the client's address as wrong passwords do (the sign-in
 * limits, per address only: no username is at stake). A link's token has 256 bits, so guessing
 * is hopeless anyway; the limit keeps a flood of guesses cheap and visible.
 */
const INVITATION_GUESSES = " invitation";

export type InvitationPage =
  | { invitation: Pick<OpenInvitation, "accountName" | "username" | "role">; srt: string; refusal?: string }
  | { invitation: null; refusal?: string };

/** The invitation's page: its form while the link works, else a 404 saying why it may not. */
export async function invitationPage(request: Request, { db }: Database, token: string) {
  const invitation = await findOpenInvitation(db, token);
  if (!invitation) return data<InvitationPage>({ invitation: null }, { status: 404 });
  const { token: srt, cookie } = issueSignInToken(request);
  const { accountName, username, role } = invitation;
  return data<InvitationPage>(
    { invitation: { accountName, username, role }, srt },
    { headers: { "Set-Cookie": cookie, "Cache-Control": "private, no-store" } },
  );
}

/**
 * The invitee's name and password make their member, once, and sign them in: a new document, in
 * the hub, as the member they now are (any session the browser had ends).
 */
export async function acceptInvitationForm(
  request: Request,
  { db }: Database,
  token: string,
  client: string,
  text: Text,
) {
  const form = await readForm(request);
  const retryAfter = await signInRetryAfter(db, INVITATION_GUESSES, client, Date.now(), 0, { knownBrowser: true });
  if (retryAfter !== null) {
    const minutes = Math.ceil(retryAfter / 60);
    return data<InvitationPage>(
      { invitation: null, refusal: text("signIn.tooManyAttempts", { minutes }) },
      { status: 429, headers: { "Retry-After": String(retryAfter) } },
    );
  }
  const invitation = await findOpenInvitation(db, token);
  if (!invitation) {
    await claimSignInAttempt(db, INVITATION_GUESSES, client, Date.now(), { knownBrowser: true });
    return data<InvitationPage>({ invitation: null }, { status: 404 });
  }
  const { accountName, username, role } = invitation;
  const shown = { accountName, username, role };
  const srt = String(form.get("srt") ?? "");
  if (!signInTokenMatches(request, srt))
    return data<InvitationPage>({ invitation: shown, srt, refusal: text("signIn.expired") }, { status: 403 });
  const name = readDisplayName(form.get("displayName"));
  const password = readNewPassword(form.get("password"), form.get("passwordAgain"));
  const refused = !name.ok ? name.refusal : !password.ok ? password.refusal : undefined;
  if (refused || !name.ok || !password.ok)
    return data<InvitationPage>({ invitation: shown, srt, refusal: refused && text(refused) }, { status: 400 });
  const member = await acceptInvitation(db, invitation, {
    displayName: name.value,
    passwordHash: await hashPassword(password.value),
  });
  if (!member) return data<InvitationPage>({ invitation: null }, { status: 404 });
  await endSessionOfRequest(db, request);
  const cookies = new Headers();
  cookies.append("Set-Cookie", await startSession(db, member, request, { address: client }));
  cookies.append("Set-Cookie", await rememberBrowser(db, request, username));
  return redirectDocument("/sh/ovw", { headers: cookies });
}
