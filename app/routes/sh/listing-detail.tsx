import {
  data,
  href,
  Link,
  Outlet,
  redirect,
  useLocation,
  useNavigate,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { getSignedInSeller } from "~/auth/require-seller.server";
import {
  ListingPriceForm,
  type ListingPriceFormProps,
} from "~/listing-changes/components/listing-price-form/ListingPriceForm";
import { PriceHistory } from "~/listing-changes/components/price-history/PriceHistory";
import { saveListingChanges } from "~/listing-changes/price-change-routes.server";
import {
  findUndoEndedBySave,
  findListingHistory,
  type ListingHistoryEntry,
} from "~/listing-changes/price-changes.server";
import { ListingFacts } from "~/listings/components/listing-facts/ListingFacts";
import { ProductSummaryFrame } from "~/product-summary/components/product-summary-frame/ProductSummaryFrame";
import { SummaryFilterForm } from "~/product-summary/components/summary-filter-form/SummaryFilterForm";
import { pageUrl } from "~/http/page-url";
import { requireSellerListing } from "~/listings/require-listing.server";
import { listingPageQuery, productSummaryUrl, type SummaryFilters } from "~/product-summary/summary-filters";
import { parseSummaryFilters } from "~/product-summary/summary-query";
import { useProductSummaryFrame, type SummaryFilterField } from "~/product-summary/use-product-summary-frame";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import { formattingLocaleOf, textOf } from "~/i18n/language.server";
import { useText } from "~/i18n/text";
import type { Route } from "./+types/listing-detail";
import { useMay } from "~/team/member-permissions";

/** The header says "Listing"; the page's own heading is the listing's title. */
export const handle: PageHandle = {
  pageName: "sellerHubListingDetail",
  title: "page.listing",
  documentTitle: (loaderData: Route.ComponentProps["loaderData"] | undefined) => loaderData?.listing.title,
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { seller, listing } = await requireSellerListing(context, params.listingId);
  const { condition, status } = parseSummaryFilters(pageUrl(request).searchParams);
  // The summary starts with this listing; choosing a status (the Compare button, without
  // JavaScript) asks for the seller's listings of that status instead (the itemId rule of docs/product/behaviour.md).
  const summaryFilters: SummaryFilters = { condition, status, itemId: status ? undefined : listing.id };
  const {
    id,
    title,
    price,
    currency,
    quantity,
    sold,
    epid,
    price_version: priceVersion,
    quantity_version: quantityVersion,
  } = listing;
  const { db } = context.get(databaseContext);
  const [history, last] = await Promise.all([
    findListingHistory(db, { sellerId: seller.id, locale: formattingLocaleOf(context) }, listing.id, textOf(context)),
    findUndoEndedBySave(db, seller.id, listing.id),
  ]);
  // Saving here ends the undo of the seller's last change, unless that is this listing's own save.
  const undoEnds = last && { id: last.id, change: last.change, appliedAt: last.appliedAt };
  return {
    listing: {
      id,
      title,
      price,
      currency,
      condition: listing.condition,
      status: listing.status,
      quantity,
      sold,
      epid,
      priceVersion,
      quantityVersion,
    },
    locale: formattingLocaleOf(context),
    srt: getSignedInSeller(context).srt,
    history,
    saved: savedChange(history, pageUrl(request).searchParams.get(SAVED_PARAM)),
    undoEnds,
    summaryFilters,
    summarySrc: productSummaryUrl(listing.id, summaryFilters),
  };
}

/** Where the form's redirect names the change it saved. */
const SAVED_PARAM = "saved";

/** After the form's redirect: what the change it saved did, field by field, while it is the history's newest. */
function savedChange(history: ListingHistoryEntry[], savedId: string | null): ListingPriceFormProps["saved"] {
  const newest = history[0];
  if (!savedId || !newest || newest.undo || newest.changeId !== savedId) return undefined;
  const saved: NonNullable<ListingPriceFormProps["saved"]> = { changeId: savedId };
  for (const entry of history)
    if (entry.changeId === savedId && !entry.undo) saved[entry.field] = { from: entry.from, to: entry.to };
  return saved;
}

/**
 * The price and quantity form (ListingPriceForm): saved, then the same page again with the change
 * named (303, so a reload never sends it twice); refused, the page with the reasons and what was typed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { listing } = await requireSellerListing(context, params.listingId);
  const saved = await saveListingChanges(
    request,
    context.get(databaseContext),
    getSignedInSeller(context),
    listing,
    textOf(context),
    formattingLocaleOf(context),
  );
  if (!saved.ok) return data(saved, { status: saved.status });
  const url = pageUrl(request);
  url.searchParams.set(SAVED_PARAM, saved.changeId);
  return redirect(`${url.pathname}${url.search}`, 303);
}

/** What the insights panel (a child route) gets from this page. */
export interface ListingDetailOutletContext {
  /** This page's query, kept when the panel closes. */
  search: string;
  /** Puts focus back on the product summary, where the panel was opened from. */
  onInsightsClosed(): void;
}

/**
 * A filter change in the browser writes the page's address (below) and has already told the
 * frame; loading the page's data again would start the frame afresh for nothing. A form sent
 * (the Compare button without JavaScript) or another page loads as usual.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  // A field refused as changed meanwhile: the page shows the value it has now, and sends its version.
  if (actionStatus === 409) return true;
  return defaultShouldRevalidate;
}

export default function ListingDetail({ loaderData, actionData }: Route.ComponentProps) {
  // Another listing, or other filters from the address, start the frame and its state afresh.
  return <ListingDetailPage key={loaderData.summarySrc} {...loaderData} refused={actionData} />;
}

function ListingDetailPage({
  listing,
  locale,
  srt,
  history,
  saved,
  undoEnds,
  refused,
  summaryFilters,
  summarySrc,
}: Route.ComponentProps["loaderData"] & { refused: Route.ComponentProps["actionData"] }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const {
    frameRef,
    filters,
    stalled,
    retry,
    changeFilter: changeFrameFilter,
  } = useProductSummaryFrame({
    listingId: listing.id,
    epid: listing.epid,
    initialFilters: summaryFilters,
    onOpenInsights: () =>
      void navigate(`${href("/sh/lst/:listingId/insights", { listingId: String(listing.id) })}${search}`, {
        preventScrollReset: true,
      }),
  });
  // The address keeps the filters, so a reload, Back or a shared link shows the same summary.
  const changeFilter = (field: SummaryFilterField, value: string) => {
    void navigate(
      { search: listingPageQuery(changeFrameFilter(field, value)) },
      { replace: true, preventScrollReset: true },
    );
  };
  const text = useText();
  const may = useMay();
  const outletContext: ListingDetailOutletContext = { search, onInsightsClosed: () => frameRef.current?.focus() };

  return (
    <article className="listing-detail" aria-labelledby="listing-title">
      <p className="listing-detail__back">
        <Link prefetch="intent" to={href("/sh/lst/active")}>
          {text("listingDetail.allListings")}
        </Link>
      </p>
      <h2 id="listing-title">{listing.title}</h2>
      <ListingFacts listing={listing} locale={locale} />
      {may("listings:change") && (
        <ListingPriceForm
          listing={listing}
          srt={srt}
          locale={locale}
          search={listingPageQuery(filters)}
          refused={refused}
          saved={saved}
          undoEnds={undoEnds}
        />
      )}
      <PriceHistory entries={history} locale={locale} />
      <section className="listing-detail__summary" aria-labelledby="product-summary-title">
        <h3 id="product-summary-title">{text("listingDetail.summary")}</h3>
        <p className="listing-detail__hint">{text("listingDetail.summaryHint")}</p>
        <SummaryFilterForm filters={filters} onChange={changeFilter} />
        <ProductSummaryFrame ref={frameRef} src={summarySrc} stalled={stalled} onRetry={retry} />
      </section>
      <Outlet context={outletContext} />
    </article>
  );
}
