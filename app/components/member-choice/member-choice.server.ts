import { data, href, redirect, type RouterContextProvider } from "react-router";
import type { Kysely } from "kysely";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import { getSignedInSeller } from "~/auth/require-seller.server";
import type { DatabaseSchema } from "~/db/schema";
import { readForm } from "~/http/request-body.server";
import { safeRedirectPath } from "~/http/safe-redirect";
import { textOf } from "~/i18n/language.server";
import type { MessageKey } from "~/i18n/language-text";
import { databaseContext } from "~/request-context";

export interface MemberChoiceHandling {
  /** The form field that carries the choice (the `name` given to `MemberChoice`). */
  field: string;
  /** Checks the value and stores it for the seller; a value not offered is not chosen and nothing changes. */
  choose: (db: Kysely<DatabaseSchema>, sellerId: number, value: unknown) => Promise<{ chosen: boolean }>;
  /** What a refused value is told, in the seller's language. */
  refused: MessageKey;
}

/**
 * The action behind each of the header's preferences (language, time zone, appearance): a plain
 * form post, with or without scripts, checked against the session's anti-forgery token, then back
 * to the page it came from (by URL parsing, `safeRedirectPath`), now in the new setting. A value
 * not offered is a 400 with the reason, and nothing is stored.
 */
export async function handleMemberChoice(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { field, choose, refused }: MemberChoiceHandling,
): Promise<Response> {
  const form = await readForm(request);
  const signedIn = getSignedInSeller(context);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  const { chosen } = await choose(context.get(databaseContext).db, signedIn.member.id, form.get(field));
  if (!chosen) throw data(textOf(context)(refused), { status: 400 });
  return redirect(safeRedirectPath(form.get("returnTo"), request.url), { status: 303 });
}

/** Choosing changes state, so a GET of a preference's address only leads back to the hub. */
export function backToTheHub(): Response {
  return redirect(href("/sh/ovw"));
}
