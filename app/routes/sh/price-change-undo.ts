import { href, redirect } from "react-router";
import { textOf } from "~/i18n/language.server";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { runPriceChange } from "~/listing-changes/price-change-routes.server";
import { databaseContext } from "~/request-context";
import type { Route } from "./+types/price-change-undo";

/** Undoes the seller's last change: its progress as it goes with JavaScript, its page after it without. */
export async function action({ request, context, params }: Route.ActionArgs) {
  return runPriceChange(
    request,
    context.get(databaseContext),
    getSignedInSeller(context),
    params.changeId,
    "undo",
    textOf(context),
  );
}

/** Undoing changes prices, so a GET only leads to the change. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(href("/sh/lst/prices/:changeId", { changeId: params.changeId }));
}
