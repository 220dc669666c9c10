import { redirect } from "react-router";
import { actorOf } from "~/activity/activity.server";
import { assertAntiForgeryToken } from "~/auth/anti-forgery.server";
import { requireSeller } from "~/auth/require-seller.server";
import { readForm } from "~/http/request-body.server";
import { LISTINGS_TOOL, optBackIn } from "~/opt-out/opt-out.server";
import { databaseContext, signedInSellerContext } from "~/request-context";
import type { Route } from "./+types/opt-in";

export const middleware: Route.MiddlewareFunction[] = [requireSeller];

/** Switching back changes state, so a GET only leads to the previous tool, where the switch is offered. */
export function loader() {
  return redirect(LISTINGS_TOOL.previousToolUrl);
}

/** The previous tool's "Switch back" form: the opt-out is forgotten and the seller lands in the new tool. */
export async function action({ request, context }: Route.ActionArgs) {
  const signedIn = context.get(signedInSellerContext);
  assertAntiForgeryToken(signedIn, (await readForm(request)).get("srt"));
  await optBackIn(context.get(databaseContext).db, actorOf(signedIn), LISTINGS_TOOL);
  return redirect(LISTINGS_TOOL.homeUrl);
}
