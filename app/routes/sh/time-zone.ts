import { data, href, redirect } from "react-router";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { readForm } from "~/http/request-body.server";
import { safeRedirectPath } from "~/http/safe-redirect";
import { textOf } from "~/i18n/language.server";
import { databaseContext } from "~/request-context";
import { chooseTimeZone } from "~/time/time-zone.server";
import type { Route } from "./+types/time-zone";

/** The header's time zone choice: a form post that works with or without scripts, then back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const signedIn = getSignedInSeller(context);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  const { chosen } = await chooseTimeZone(context.get(databaseContext).db, signedIn.seller.id, form.get("timeZone"));
  if (!chosen) throw data(textOf(context)("timeZone.refused"), { status: 400 });
  return redirect(safeRedirectPath(form.get("returnTo"), request.url), { status: 303 });
}

/** Choosing changes state, so a GET only leads back to the hub. */
export function loader() {
  return redirect(href("/sh/ovw"));
}
