import { backToTheHub, handleMemberChoice } from "~/components/member-choice/member-choice.server";
import { chooseLanguage } from "~/i18n/language.server";
import type { Route } from "./+types/language";

/** The header's language choice; the page comes back whole in the new language (a page carries one language's texts). */
export function action({ request, context }: Route.ActionArgs) {
  return handleMemberChoice(request, context, {
    field: "language",
    choose: chooseLanguage,
    refused: "language.refused",
  });
}

export const loader = backToTheHub;
