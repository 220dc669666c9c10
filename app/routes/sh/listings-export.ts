import { getSignedInSeller } from "~/auth/require-seller.server";
import { pageUrl } from "~/http/page-url";
import { listingsCsv, listingsExportResponse } from "~/listing-files/listing-export.server";
import { parseListingFilters } from "~/listings/listing-filters";
import { databaseContext, languageContext } from "~/request-context";
import type { Route } from "./+types/listings-export";

/** The listings that match the listings page's filters, every page of them, as a CSV file (app/listing-files/). */
export function loader({ request, context }: Route.LoaderArgs) {
  const filters = parseListingFilters(pageUrl(request).searchParams);
  const stream = listingsCsv(
    context.get(databaseContext),
    getSignedInSeller(context).seller.id,
    filters,
    context.get(languageContext),
  );
  return listingsExportResponse(stream, new Date());
}
