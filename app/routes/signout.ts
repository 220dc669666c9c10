import { href, redirect } from "react-router";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import { requireSeller } from "~/auth/require-seller.server";
import { endSession } from "~/auth/session.server";
import { readForm } from "~/http/request-body.server";
import { databaseContext, signedInSellerContext } from "~/request-context";
import type { Route } from "./+types/signout";

export const middleware: Route.MiddlewareFunction[] = [requireSeller];

/** Signing out changes state, so a GET only leads back to the hub. */
export function loader() {
  return redirect(href("/sh/ovw"));
}

export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = context.get(signedInSellerContext);
  assertAntiForgeryToken(signedIn, (await readForm(request)).get("srt"));
  const cookie = await endSession(context.get(databaseContext).db, signedIn.sessionId, request);
  // The browser forgets what it kept of the session's pages (prefetched data), so Back shows none of them.
  return redirect("/signin", { headers: { "Set-Cookie": cookie, "Clear-Site-Data": '"cache"' } });
}
