import { redirect } from "react-router";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { refusal } from "~/http/refusal";
import { textOf } from "~/i18n/language.server";
import { readForm } from "~/http/request-body.server";
import { HUB_HOME, safeRedirectPath } from "~/http/safe-redirect";
import { closedMessageCookie, findCurrentMessage } from "~/messages/messages.server";
import { databaseContext, languageContext } from "~/request-context";
import type { Route } from "./+types/message-close";

/** The close cross pressed before hydration or without JavaScript: the same rules, applied on the server. */
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = getSignedInSeller(context);
  const form = await readForm(request);
  assertAntiForgeryToken(signedIn, form.get("srt"));
  const message = await findCurrentMessage(
    context.get(databaseContext).db,
    signedIn.seller.id,
    form.get("messageId"),
    context.get(languageContext),
  );
  if (!message) throw refusal(404, textOf(context)("messages.refused.noSuchMessageToClose"));
  const cookie = closedMessageCookie(message, request);
  return redirect(safeRedirectPath(form.get("returnTo"), request.url), {
    status: 303,
    headers: cookie ? { "Set-Cookie": cookie } : {},
  });
}

/** Closing changes state, so a GET only leads back to the hub. */
export function loader() {
  return redirect(HUB_HOME);
}
