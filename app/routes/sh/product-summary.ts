import { href, redirect } from "react-router";
import productSummaryScript from "virtual:standalone-script/product-summary-frame";
import { getSignedInSeller, requireSeller } from "~/auth/require-seller.server";
import { pageUrl } from "~/http/page-url";
import { refusal } from "~/http/refusal";
import { NO_SUCH_LISTING, parseListingId } from "~/listings/listing-id";
import { buildProductSummary } from "~/product-summary/product-summary.server";
import { renderProductSummary } from "~/product-summary/render-product-summary.server";
import { parseSummaryFilters } from "~/product-summary/summary-query";
import { formattingLocaleOf, textOf } from "~/i18n/language.server";
import { textOfLanguage } from "~/i18n/catalogues.server";
import { appearanceContext, databaseContext, languageContext, nonceContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import stylesheet from "~/styles/app.css?url";
import type { Route } from "./+types/product-summary";

/** The embedded product summary: a page of its own, framed by the listing detail page, outside the shell. */
export const handle: PageHandle = { pageName: "sellerHubProductSummary" };

export const middleware: Route.MiddlewareFunction[] = [requireSeller];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = pageUrl(request);
  const listingId = parseListingId(url.searchParams.get("listingId"));
  if (listingId === null) return refusal(404, textOf(context)(NO_SUCH_LISTING));
  // Browsers say what a request is for: opened on its own, the summary belongs on its listing's page.
  if (request.headers.get("Sec-Fetch-Dest") === "document")
    throw redirect(href("/sh/lst/:listingId", { listingId: String(listingId) }));

  const { seller } = getSignedInSeller(context);
  const summary = await buildProductSummary(
    context.get(databaseContext).db,
    seller,
    listingId,
    parseSummaryFilters(url.searchParams),
    textOf(context),
    formattingLocaleOf(context),
  );
  if (!summary) return refusal(404, textOf(context)(NO_SUCH_LISTING));
  return renderProductSummary({
    summary,
    pageName: handle.pageName,
    languageText: textOfLanguage(context.get(languageContext)),
    appearance: context.get(appearanceContext),
    nonce: context.get(nonceContext),
    stylesheet,
    script: productSummaryScript,
  });
}
