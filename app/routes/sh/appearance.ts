import { data, href, redirect } from "react-router";
import { chooseAppearance } from "~/appearance/appearance.server";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { readForm } from "~/http/request-body.server";
import { safeRedirectPath } from "~/http/safe-redirect";
import { textOf } from "~/i18n/language.server";
import { databaseContext } from "~/request-context";
import type { Route } from "./+types/appearance";

/** The header's appearance choice: a form post that works with or without scripts, then back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const signedIn = getSignedInSeller(context);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  const { chosen } = await chooseAppearance(
    context.get(databaseContext).db,
    signedIn.seller.id,
    form.get("appearance"),
  );
  if (!chosen) throw data(textOf(context)("appearance.refused"), { status: 400 });
  return redirect(safeRedirectPath(form.get("returnTo"), request.url), { status: 303 });
}

/** Choosing changes state, so a GET only leads back to the hub. */
export function loader() {
  return redirect(href("/sh/ovw"));
}
