import { data, href, redirect } from "react-router";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { readForm } from "~/http/request-body.server";
import { safeRedirectPath } from "~/http/safe-redirect";
import { chooseLanguage, textOf } from "~/i18n/language.server";
import { databaseContext } from "~/request-context";
import type { Route } from "./+types/language";

/**
 * The header's language choice: a form post that works with or without scripts, then back to
 * the page, loaded afresh in the new language (the page carries one language's texts only).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const signedIn = getSignedInSeller(context);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  const { chosen } = await chooseLanguage(context.get(databaseContext).db, signedIn.seller.id, form.get("language"));
  if (!chosen) throw data(textOf(context)("language.refused"), { status: 400 });
  return redirect(safeRedirectPath(form.get("returnTo"), request.url), { status: 303 });
}

/** Choosing changes state, so a GET only leads back to the hub. */
export function loader() {
  return redirect(href("/sh/ovw"));
}
