import { getSignedInSeller } from "~/auth/require-seller.server";
import { activityPage } from "~/activity/activity-routes.server";
import { ActivityLog } from "~/activity/components/activity-log/ActivityLog";
import { formattingLocaleOf, textOf } from "~/i18n/language.server";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import type { Route } from "./+types/activity";

export const handle: PageHandle = { pageName: "sellerHubActivity", title: "page.activity" };

/** Who did what in the account, and when: the owner's (the policy lets no one else here). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = getSignedInSeller(context);
  const page = await activityPage(request, context.get(databaseContext), signedIn, textOf(context));
  return { ...page, locale: formattingLocaleOf(context) };
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  return <ActivityLog {...loaderData} />;
}
