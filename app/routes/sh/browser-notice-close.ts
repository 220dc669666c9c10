import { href, redirect } from "react-router";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { serializeCookie } from "~/cookies/cookies";
import { readForm } from "~/http/request-body.server";
import { safeRedirectPath } from "~/http/safe-redirect";
import { BROWSER_NOTICE_CLOSED_COOKIE } from "~/shell/unsupported-browser";
import type { Route } from "./+types/browser-notice-close";

/**
 * The browser notice's Close without JavaScript: the browsers it speaks to are the ones least
 * able to run the hub's scripts. The same session cookie as the scripted Close, then back.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  assertAntiForgeryToken(getSignedInSeller(context), form.get("srt"));
  const cookie = serializeCookie(BROWSER_NOTICE_CLOSED_COOKIE, "1", {
    secure: new URL(request.url).protocol === "https:",
  });
  return redirect(safeRedirectPath(form.get("returnTo"), request.url), {
    status: 303,
    headers: cookie ? { "Set-Cookie": cookie } : {},
  });
}

/** Closing changes state, so a GET only leads back to the hub. */
export function loader() {
  return redirect(href("/sh/ovw"));
}
