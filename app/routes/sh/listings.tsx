import { useRef } from "react";
import { useNavigation } from "react-router";
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

export const handle: PageHandle = { pageName: "sellerHubActiveListings", title: "Listings", showsMessages: true };

export function meta() {
  return [{ title: "Listings · Seller Hub" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { seller } = getSignedInSeller(context);
  const filters = parseListingFilters(pageUrl(request).searchParams);
  const page = await findListingsPage(context.get(databaseContext), seller.id, filters);
  return { filters, page, locale: seller.locale };
}

const CLEARED_FILTERS = [
  ["status", ""],
  ["condition", ""],
  ["q", ""],
] as const;

export default function Listings({ loaderData: { filters, page, locale } }: Route.ComponentProps) {
  const { refilter } = useRefilter();
  const table = useRef<HTMLTableElement>(null);
  const loading = useNavigation().state === "loading";
  return (
    <div className="listings-page">
      <ListingFilterForm filters={filters} onRefilter={(changes) => void refilter(changes)} />
      <output className="results-summary" aria-live="polite">
        {resultsSummary(page, locale)}
      </output>
      {page.total === 0 ? (
        <div className="empty-state">
          <p>Try other filters, or see every listing.</p>
          <RefilterLink changes={CLEARED_FILTERS} className="button">
            Clear filters
          </RefilterLink>
        </div>
      ) : (
        <>
          <ListingsTable ref={table} listings={page.listings} sort={filters.sort} locale={locale} busy={loading} />
          <Pagination
            total={page.total}
            offset={page.offset}
            limit={page.limit}
            label="Pages of listings"
            onPageShown={() => table.current?.focus()}
          />
        </>
      )}
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
