import { chooseAppearance } from "~/appearance/appearance.server";
import { backToTheHub, handleMemberChoice } from "~/components/member-choice/member-choice.server";
import type { Route } from "./+types/appearance";

/** The header's appearance choice; the page comes back painted in it. */
export function action({ request, context }: Route.ActionArgs) {
  return handleMemberChoice(request, context, {
    field: "appearance",
    choose: chooseAppearance,
    refused: "appearance.refused",
  });
}

export const loader = backToTheHub;
