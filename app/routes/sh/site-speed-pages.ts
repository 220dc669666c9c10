import { getSignedInSeller } from "~/auth/require-seller.server";
import { timeZoneOfMember } from "~/time/time-zones";
import { refusal } from "~/http/refusal";
import { pageUrl } from "~/http/page-url";
import { textOf } from "~/i18n/language.server";
import { databaseContext, languageContext } from "~/request-context";
import { readDashboardQuery } from "~/site-speed/dashboard-query";
import {
  PAGE_EXPORT_FORMATS,
  pagesCsv,
  pagesExportFileName,
  pagesJson,
  type PageExportFormat,
} from "~/site-speed/pages-export.server";
import { dashboardReport } from "~/site-speed/site-speed-report.server";
import type { Route } from "./+types/site-speed-pages";

/**
 * The dashboard's pages table as a file (`?format=csv` or `json`), for the same period, segment
 * and order as the dashboard's query: the seller's own page views, nobody else's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { seller, member } = getSignedInSeller(context);
  const search = pageUrl(request).searchParams;
  const text = textOf(context);
  const format = search.get("format") ?? "csv";
  if (!PAGE_EXPORT_FORMATS.includes(format as PageExportFormat))
    throw refusal(400, text("speed.export.format", { format: format.slice(0, 40) }));
  const query = readDashboardQuery(search);
  if ("refusal" in query) throw refusal(400, query.refusal);
  const timeZone = timeZoneOfMember(member, seller);
  // The file holds no page's charts: none are built, whatever page the address names.
  const { page: _charted, ...pagesQuery } = query;
  const report = await dashboardReport(context.get(databaseContext), seller.id, timeZone, pagesQuery, textOf(context));
  const body =
    format === "json"
      ? JSON.stringify(pagesJson(report), null, 2)
      : pagesCsv(report.pages, context.get(languageContext), text);
  return new Response(body, {
    headers: {
      "Content-Type": format === "json" ? "application/json; charset=utf-8" : "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${pagesExportFileName(format as PageExportFormat, new Date())}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
