import { backToTheHub, handleMemberChoice } from "~/components/member-choice/member-choice.server";
import { chooseTimeZone } from "~/time/time-zone.server";
import type { Route } from "./+types/time-zone";

/** The header's time zone choice; the page comes back with its times in the new zone. */
export function action({ request, context }: Route.ActionArgs) {
  return handleMemberChoice(request, context, {
    field: "timeZone",
    choose: chooseTimeZone,
    refused: "timeZone.refused",
  });
}

export const loader = backToTheHub;
