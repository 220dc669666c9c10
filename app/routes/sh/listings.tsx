import { useRef } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { LastPriceChange } from "~/bulk-prices/components/last-price-change/LastPriceChange";
import { SelectionBar } from "~/bulk-prices/components/selection-bar/SelectionBar";
import { findLastPriceChange } from "~/bulk-prices/price-changes.server";
import { handleSelectionForm, loadListingsSelection } from "~/bulk-prices/selection-form.server";
import { useListingSelection } from "~/bulk-prices/use-listing-selection";
import { useHydrated } from "~/components/use-hydrated";
import { getSignedInSeller } from "~/auth/require-seller.server";
import { ListingFilterForm } from "~/listings/components/listing-filter-form/ListingFilterForm";
import { ListingsTable } from "~/listings/components/listings-table/ListingsTable";
import { Pagination } from "~/listings/components/pagination/Pagination";
import { RefilterLink } from "~/listings/components/refilter-link/RefilterLink";
import { pageUrl } from "~/http/page-url";
import { parseListingFilters } from "~/listings/listing-filters";
import { findListingsPage } from "~/listings/listings.server";
import { useRefilter } from "~/refiltering/use-refilter";
import { databaseContext } from "~/request-context";
import type { PageHandle } from "~/shell/page-handle";
import type { Route } from "./+types/listings";

export const handle: PageHandle = { pageName: "sellerHubActiveListings", title: "Listings" };

export function meta() {
  return [{ title: "Listings · Seller Hub" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const signedIn = getSignedInSeller(context);
  const database = context.get(databaseContext);
  const filters = parseListingFilters(pageUrl(request).searchParams);
  const page = await findListingsPage(database, signedIn.seller.id, filters);
  const pageIds = page.listings.map((listing) => listing.id);
  const [selection, lastChange] = await Promise.all([
    loadListingsSelection(database, signedIn, filters, pageIds),
    findLastPriceChange(database.db, signedIn.seller.id),
  ]);
  return { filters, page, selection, lastChange, locale: signedIn.seller.locale };
}

/** Selecting listings for a bulk price change (app/bulk-prices/). */
export async function action({ request, context }: Route.ActionArgs) {
  return handleSelectionForm(request, context.get(databaseContext), getSignedInSeller(context));
}

const CLEARED_FILTERS = [
  ["status", ""],
  ["condition", ""],
  ["q", ""],
  ["epid", ""],
] as const;

export default function Listings({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, page, selection, lastChange, locale } = loaderData;
  const { refilter } = useRefilter();
  const table = useRef<HTMLTableElement>(null);
  const loading = useNavigation().state === "loading";
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const pageIds = page.listings.map((listing) => listing.id);
  const selected = useListingSelection({ ...selection, pageIds });
  return (
    <div className="listings-page">
      {lastChange && <LastPriceChange change={lastChange} srt={selection.srt} locale={locale} />}
      <ListingFilterForm filters={filters} onRefilter={(changes) => void refilter(changes)} />
      {filters.epid && (
        <p className="listings-page__product">
          Listings of product <span dir="ltr">ePID {filters.epid}</span>.{" "}
          <RefilterLink changes={["epid", ""]}>Show every product</RefilterLink>
        </p>
      )}
      <output className="results-summary" aria-live="polite">
        {resultsSummary(page, locale)}
      </output>
      {/* Without JavaScript the ticks and the selection bar's buttons go together in this form. */}
      <Form method="post" action={`${pathname}${search}`} preventScrollReset className="listings-selection">
        <input type="hidden" name="srt" value={selection.srt} />
        <SelectionBar
          count={selected.count}
          matching={page.total}
          selectedMatching={selection.selectedMatching}
          locale={locale}
          hydrated={hydrated}
          refusal={actionData && !actionData.ok ? actionData.reason : undefined}
        />
        {page.total === 0 ? (
          <div className="empty-state">
            <p>Try other filters, or see every listing.</p>
            <RefilterLink changes={CLEARED_FILTERS} className="button">
              Clear filters
            </RefilterLink>
          </div>
        ) : (
          <>
            <ListingsTable
              ref={table}
              listings={page.listings}
              sort={filters.sort}
              locale={locale}
              busy={loading}
              selection={{
                isSelected: selected.isSelected,
                onChange: selected.toggle,
                page: hydrated ? { state: selected.page, onChange: selected.togglePage } : undefined,
              }}
            />
            <Pagination
              total={page.total}
              offset={page.offset}
              limit={page.limit}
              label="Pages of listings"
              onPageShown={() => table.current?.focus()}
            />
          </>
        )}
      </Form>
    </div>
  );
}

function resultsSummary(
  { total, offset, listings }: { total: number; offset: number; listings: unknown[] },
  locale: string,
): string {
  const number = (value: number) => value.toLocaleString(locale);
  if (total === 0) return "No listings match these filters.";
  if (total === 1) return "Showing 1 listing.";
  return `Showing ${number(offset + 1)}–${number(offset + listings.length)} of ${number(total)} listings.`;
}
