import { redirect } from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { startedByHubPage } from "~/http/origin";
import { HUB_HOME } from "~/http/safe-redirect";
import { refusal } from "~/http/refusal";
import { textOf } from "~/i18n/language.server";
import { findCurrentMessage, viewedMessageCookie } from "~/messages/messages.server";
import { databaseContext, languageContext } from "~/request-context";
import type { Route } from "./+types/message-view";

/**
 * Counts one showing of a message with maxViews in a browser that runs no script: the message's
 * `<noscript>` image asks for this address, and only such a browser loads it (decision record 059).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const signedIn = getSignedInSeller(context);
  const text = textOf(context);
  // A person who followed a link here (another site's, or the hub's own after sign-in took them on
  // to it) is shown the hub, where the message's showing counts, not this address's refusal.
  if (request.headers.get("Sec-Fetch-Dest") === "document")
    throw redirect(HUB_HOME, { status: 303, headers: { "Cache-Control": "no-store" } });
  if (!askedByTheMessageImage(request)) throw refusal(403, text("messages.refused.viewFromElsewhere"));
  const message = await findCurrentMessage(
    context.get(databaseContext).db,
    signedIn.seller.id,
    params.messageId,
    context.get(languageContext),
  );
  if (!message) throw refusal(404, text("messages.refused.noSuchMessage"));
  const cookie = viewedMessageCookie(message, request);
  return new Response(null, {
    status: 204,
    headers: { "Cache-Control": "no-store", ...(cookie && { "Set-Cookie": cookie }) },
  });
}

/**
 * Only the message's own image, on the hub's page, asks for this. Without the check any site could
 * spend a message's views in a signed-in browser: its link is a top-level navigation, which the
 * session cookie joins (`SameSite=Lax`); and a signed-out seller who follows it is taken there by
 * the hub itself once signed in (`redirectTo`), a same-origin navigation, which `Sec-Fetch-Dest`
 * tells from an image. A browser too old to send either header is not refused on its account.
 */
function askedByTheMessageImage(request: Request): boolean {
  const destination = request.headers.get("Sec-Fetch-Dest");
  return startedByHubPage(request) && (destination === null || destination === "image");
}
