import { useOutletContext } from "react-router";
import { ProductInsightsPanel } from "~/listings/components/product-insights-panel/ProductInsightsPanel";
import { requireSellerListing } from "~/listings/require-listing.server";
import { findMarketFigures } from "~/listings/market-figures.server";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import type { ListingDetailOutletContext } from "./listing-detail";
import type { Route } from "./+types/listing-insights";
import { formattingLocaleOf } from "~/i18n/language.server";

/** The panel opens over the listing's page: the document is still named after the listing. */
export const handle: PageHandle = {
  pageName: "sellerHubProductInsights",
  title: "page.listing",
  documentTitle: (data: Route.ComponentProps["loaderData"] | undefined) => data?.listingTitle,
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { listing } = await requireSellerListing(context, params.listingId);
  return {
    market: await findMarketFigures(context.get(databaseContext).db, listing.epid, listing.currency),
    locale: formattingLocaleOf(context),
    listingId: listing.id,
    listingTitle: listing.title,
  };
}

export default function ListingInsights({ loaderData: { market, locale, listingId } }: Route.ComponentProps) {
  const { search, onInsightsClosed } = useOutletContext<ListingDetailOutletContext>();
  return (
    <ProductInsightsPanel
      market={market}
      locale={locale}
      closeTo={`/sh/lst/${listingId}${search}`}
      onClose={onInsightsClosed}
    />
  );
}
