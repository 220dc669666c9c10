import { getSignedInSeller } from "~/auth/require-seller.server";
import { activityCsv, activityExportResponse, readActivityQuery } from "~/activity/activity-routes.server";
import { findActivityMembers } from "~/activity/activity.server";
import { pageUrl } from "~/http/page-url";
import { textOf } from "~/i18n/language.server";
import { databaseContext, languageContext } from "~/request-context";
import type { Route } from "./+types/activity-export";

/** The activity log's entries that match its filters, every page of them, as a CSV file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { seller } = getSignedInSeller(context);
  const database = context.get(databaseContext);
  const members = await findActivityMembers(database.db, seller.id);
  const query = readActivityQuery(
    pageUrl(request).searchParams,
    new Set(members.map((member) => member.id)),
    textOf(context),
  );
  const stream = activityCsv(database, seller.id, query, context.get(languageContext));
  return activityExportResponse(stream, new Date());
}
